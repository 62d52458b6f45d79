import type { SkewStatus } from '../../../../shared/contract'
import { DEFAULT_SKEW_LIMITS } from '../../domain/skew-format'
import { useNow } from '../../ui/use-now'
import { signatureLife } from './signature-life'

function seconds(ms: number): string {
  return `${(Math.abs(ms) / 1000).toFixed(1)} s`
}

/**
 * The current signature's remaining life, draining live: valid from its timestamp T until T + 10 s by the server's
 * clock (the local clock plus the estimated skew; the local clock alone while no estimate exists).
 */
export function SignatureLifeMeter({
  timestamp,
  status,
  onServerTime,
}: {
  timestamp: number
  status: SkewStatus | undefined
  /** Signs again with the server's estimated time (offered when the skew alone outlives a signature). */
  onServerTime: () => void
}) {
  const now = useNow(200)
  const lifetimeMs = status?.lifetimeMs ?? DEFAULT_SKEW_LIMITS.lifetimeMs
  const offset = status?.estimate?.offsetMs ?? 0
  const life = signatureLife(timestamp, now + offset, lifetimeMs)
  const fill = life.state === 'valid' ? Math.max(0, Math.min(1, life.remainingMs / lifetimeMs)) : life.state === 'future' ? 1 : 0
  const clock = status?.estimate ? 'by the server’s clock' : 'by this machine’s clock (server time not known yet)'
  // When the clocks alone disagree by more than a signature lives, a stamp from this machine's clock is refused
  // however fresh it is: "Now" cannot help, the server's time can. A stamp that is simply old is signed again.
  const skewTooLarge = Math.abs(offset) > lifetimeMs
  const freshLocally = Math.abs(now - timestamp * 1000) <= lifetimeMs + 1000
  const again = skewTooLarge ? 'Press “Server time” to sign again.' : 'Press “Now” to sign again.'
  const text =
    life.state === 'valid'
      ? `Valid for ${seconds(life.remainingMs)} more ${clock}${life.ageMs < 0 ? `; stamped ${seconds(life.ageMs)} ahead` : ''}.`
      : skewTooLarge && freshLocally
        ? `${life.state === 'expired' ? `Expired ${seconds(life.remainingMs)} ago` : `Stamped ${seconds(life.ageMs)} ahead`} ${clock}: this machine’s clock is ${seconds(offset)} ${offset > 0 ? 'behind' : 'ahead of'} the server’s, more than a signature’s ${seconds(lifetimeMs)} life, so “Now” signs stale again. Sign with the server’s time.`
        : life.state === 'expired'
          ? `Expired ${seconds(life.remainingMs)} ago ${clock}: the server would refuse it as stale. ${again}`
          : `Stamped ${seconds(life.ageMs)} ahead of the server’s time: refused as a future timestamp until ${seconds(-life.ageMs - lifetimeMs)} from now.`
  return (
    <div className={`life life--${life.state}`} data-testid="signature-life">
      <div className="life__bar">
        <div className="life__fill" style={{ width: `${fill * 100}%` }} />
      </div>
      <meter
        className="visually-hidden"
        aria-label="Remaining signature life in seconds"
        min={0}
        max={lifetimeMs / 1000}
        value={Math.max(0, Math.min(lifetimeMs, life.remainingMs)) / 1000}
      >
        {seconds(life.remainingMs)}
      </meter>
      <span className="life__text">{text}</span>
      {life.state !== 'valid' && skewTooLarge ? (
        <button type="button" className="btn btn--small btn--primary" onClick={onServerTime}>
          Sign with the server’s time
        </button>
      ) : null}
    </div>
  )
}
