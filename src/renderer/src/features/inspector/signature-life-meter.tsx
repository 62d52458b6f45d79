import type { SkewStatus } from '../../../../shared/contract'
import { useNow } from '../../ui/use-now'
import { signatureLife } from './signature-life'
import { DEFAULT_SKEW_LIMITS } from '../../domain/skew-format'

function seconds(ms: number): string {
  return `${(Math.abs(ms) / 1000).toFixed(1)} s`
}

/**
 * The current signature's remaining life, draining live: valid from its timestamp T until T + 10 s by the server's
 * clock (the local clock plus the estimated skew; the local clock alone while no estimate exists).
 */
export function SignatureLifeMeter({ timestamp, status }: { timestamp: number; status: SkewStatus | undefined }) {
  const now = useNow(200)
  const lifetimeMs = status?.lifetimeMs ?? DEFAULT_SKEW_LIMITS.lifetimeMs
  const offset = status?.estimate?.offsetMs ?? 0
  const life = signatureLife(timestamp, now + offset, lifetimeMs)
  const fill = life.state === 'valid' ? Math.max(0, Math.min(1, life.remainingMs / lifetimeMs)) : life.state === 'future' ? 1 : 0
  const clock = status?.estimate ? 'by the server’s clock' : 'by this machine’s clock (server time not known yet)'
  const text =
    life.state === 'valid'
      ? `Valid for ${seconds(life.remainingMs)} more ${clock}${life.ageMs < 0 ? `; stamped ${seconds(life.ageMs)} ahead` : ''}.`
      : life.state === 'expired'
        ? `Expired ${seconds(life.remainingMs)} ago ${clock}: the server would refuse it as stale. Press “Now” to sign again.`
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
    </div>
  )
}
