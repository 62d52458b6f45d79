import type { QuotaBlockedEvent, QuotaKeyState } from '../../../../shared/contract'
import { formatWindow, isBlocked, quotaLevel, remainingOf } from '../../domain/quota-model'
import { Countdown } from '../../ui/countdown'
import { Gauge } from '../../ui/gauge'
import { Sparkline } from '../../ui/sparkline'
import { formatDuration, useNow } from '../../ui/use-now'

const SOURCE: Record<QuotaKeyState['limitSource'], string> = {
  server: 'X-RateLimit-Limit',
  ietf: 'RateLimit-Policy',
  table: 'spec table (no header yet)',
}

/**
 * One (method, path) quota: the gauge of what remains, limit / remaining / used, the last 60 minutes as a sparkline,
 * when the next unit returns, the server's last word beside the ledger's prediction, and after a 429 the Retry-After
 * countdown. Re-renders every second so the countdowns and the "ago" stay true.
 */
export function QuotaGauge({
  state: q,
  block,
  onReset,
  resetting,
}: {
  state: QuotaKeyState
  block?: QuotaBlockedEvent
  onReset: (key: string) => void
  resetting?: boolean
}) {
  const now = useNow(1000)
  const level = quotaLevel(q, now)
  const remaining = remainingOf(q, now)
  const blocked = isBlocked(q, now)
  const sent = q.history.reduce((a, b) => a + b, 0)
  const name = `${q.method} ${q.path}`
  const serverAge = q.serverObservedAt ? now - Date.parse(q.serverObservedAt) : null
  const gap = q.serverRemaining === null ? null : q.serverRemaining - q.predictedRemaining
  return (
    <article className={`qg qg--${level}`} aria-label={`Quota ${name}`} data-testid="quota-gauge" data-level={level}>
      <header className="qg__head">
        <span className="qg__method mono">{q.method}</span>
        <span className="qg__path mono" title={q.key}>
          {q.path}
        </span>
        {q.lastStatus !== null ? (
          <span className={`badge qg__status qg__status--${Math.floor(q.lastStatus / 100)}xx mono`}>{q.lastStatus}</span>
        ) : null}
        <button
          type="button"
          className="btn btn--small qg__reset"
          onClick={() => onReset(q.key)}
          disabled={resetting}
          aria-label={`Reset the local ledger of ${name}`}
        >
          Reset
        </button>
      </header>
      <div className="qg__bar">
        <Gauge remaining={remaining} limit={q.limit} label={`${name}: ${remaining} of ${q.limit} remaining`} />
        <span className="qg__count mono" data-testid="quota-remaining">
          {remaining}/{q.limit}
        </span>
      </div>
      {blocked && q.retryAfterUntil ? (
        <div className="qg__blocked" role="status" aria-label={`Blocked: ${name}`}>
          <strong>429 Too Many Requests</strong> — sending is blocked; retry in <Countdown until={q.retryAfterUntil} done="now" />
          <span className="qg__muted">
            {' '}
            ({(() => {
              const why = block ?? q.retryAfter
              if (!why) return `until ${new Date(q.retryAfterUntil).toLocaleTimeString()}`
              return why.source === 'default' ? 'no Retry-After: the spec’s 60 s default' : `Retry-After ${why.seconds} s`
            })()})
          </span>
        </div>
      ) : null}
      <dl className="qg__facts">
        <dt>Client</dt>
        <dd className="mono qg__client">{q.clientId}</dd>
        <dt>Limit</dt>
        <dd>
          <span className="mono">{q.limit}</span> per {formatWindow(q.windowSeconds)}{' '}
          <span className="qg__muted">· {SOURCE[q.limitSource]}</span>
        </dd>
        <dt>Used</dt>
        <dd>
          <span className="mono" data-testid="quota-used">
            {q.used}
          </span>{' '}
          in the window (this console)
        </dd>
        <dt>Server says</dt>
        <dd data-testid="quota-server">
          {q.serverRemaining === null ? (
            <span className="qg__muted">nothing yet (no X-RateLimit-Remaining seen)</span>
          ) : (
            <>
              <span className="mono">{q.serverRemaining}</span> remaining{' '}
              <span className="qg__muted">· {serverAge === null ? '' : `${formatDuration(serverAge)} ago`}</span>
            </>
          )}
        </dd>
        <dt>Ledger predicts</dt>
        <dd data-testid="quota-predicted">
          <span className="mono">{q.predictedRemaining}</span> remaining now
          {gap !== null && gap !== 0 ? (
            <span className="qg__muted">
              {' '}
              · {gap > 0 ? `${gap} returned since the server spoke` : `${-gap} more counted than the server had seen`}
            </span>
          ) : null}
        </dd>
        <dt>Next unit</dt>
        <dd data-testid="quota-next-unit">
          {q.nextUnitAt ? (
            <Countdown until={q.nextUnitAt} prefix="in " done="returning now" />
          ) : (
            <span className="qg__muted">nothing counted</span>
          )}
        </dd>
      </dl>
      <div className="qg__spark">
        <Sparkline values={q.history} width={180} height={28} label={`${name}: ${sent} requests in the last 60 minutes, per minute`} />
        <span className="qg__muted">{sent} sent · last 60 min</span>
      </div>
      {q.notes.length > 0 ? (
        <ul className="qg__notes">
          {q.notes.map(n => (
            <li key={n}>{n}</li>
          ))}
        </ul>
      ) : null}
    </article>
  )
}
