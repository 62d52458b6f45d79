import type { SkewStatus } from '../../../../shared/contract'
import { useSetTimeSource } from '../../domain/time-source'
import { ErrorBox } from '../../ui/error-box'

/**
 * "Sign with the server's time": the engine setting (kept in the data folder) that makes every signature the console
 * sends carry local time plus the estimated skew, instead of local time.
 */
export function TimeSourceSwitch({ status }: { status: SkewStatus | undefined }) {
  const set = useSetTimeSource()
  const server = status?.timeSource === 'server'
  return (
    <div className="time-source">
      <label className="inspector-check">
        <input
          type="checkbox"
          checked={server}
          disabled={!status || set.isPending}
          onChange={e => set.mutate(e.target.checked ? 'server' : 'local')}
        />
        Sign every request with the server’s time
      </label>
      <span className="inspector-field__help">
        {server
          ? status?.estimate
            ? 'On: signatures carry this machine’s time plus the estimated skew.'
            : 'On, but no server time is known yet: signatures use this machine’s clock until a response arrives.'
          : 'Off: signatures carry this machine’s clock. Turn on when the skew is at risk and the clock cannot be synced (NTP).'}
      </span>
      {set.error ? <ErrorBox error={set.error} title="The time source was not changed." /> : null}
    </div>
  )
}
