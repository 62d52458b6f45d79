import { formatDuration, useNow } from './use-now'

/** A live countdown to an instant; shows `done` once it has passed. */
export function Countdown({ until, done = 'now', prefix = '' }: { until: string | number; done?: string; prefix?: string }) {
  const now = useNow(1000)
  const target = typeof until === 'number' ? until : Date.parse(until)
  const left = target - now
  return (
    <span className="countdown mono" title={new Date(target).toLocaleString()} data-testid="countdown">
      {left <= 0 ? done : `${prefix}${formatDuration(left)}`}
    </span>
  )
}
