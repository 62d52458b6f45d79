import { useNow } from '../../ui/use-now'
import { localTime, utcOffset } from './location-model'

/** The live wall time at a location (ticking), with its UTC offset as a tooltip; says so when the zone is unknown. */
export function LocalTime({ timeZone, withSeconds = false }: { timeZone: string; withSeconds?: boolean }) {
  const now = useNow(withSeconds ? 1000 : 5000)
  const time = localTime(timeZone, now, withSeconds)
  if (time === null)
    return (
      <span className="loc-muted" title="This browser does not know this time zone name">
        unknown zone
      </span>
    )
  return (
    <time className="mono loc-time" title={`${utcOffset(timeZone, now) ?? ''} — local time now`} data-testid="local-time">
      {time}
    </time>
  )
}
