import type { HttpExchangeView } from '../../../shared/contract'
import './exchange-summary.css'

/** Milliseconds as a person reads them: "84 ms", "1.2 s". */
export function formatMs(ms: number): string {
  return ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(ms < 10_000 ? 1 : 0)} s`
}

/** Bytes as "512 B", "3.4 KB", "1.2 MB". */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`
}

/**
 * One line about an exchange: method, path, status, time, size, attempts (a second attempt means the engine refreshed
 * the token after a 401, or retried after a 429) and what is left of the quota for that key.
 */
export function ExchangeSummary({ exchange, label }: { exchange: HttpExchangeView; label: string }) {
  const url = new URL(exchange.url)
  const ok = exchange.status >= 200 && exchange.status < 300
  const q = exchange.quota
  return (
    <div className="exchange-line" role="status" aria-label={label}>
      <span className="mono">
        {exchange.method} {url.pathname}
      </span>{' '}
      <span className={`mono exchange-line__status ${ok ? 'exchange-line__status--ok' : 'exchange-line__status--err'}`}>
        {exchange.status} {exchange.statusText}
      </span>{' '}
      <span className="mono">{formatMs(exchange.timings.total)}</span> <span className="mono">{formatBytes(exchange.bodyBytes)}</span>{' '}
      {q ? (
        <span title={`Quota key ${q.key}`}>
          quota <span className="mono">{q.serverRemaining ?? q.predictedRemaining}</span>/<span className="mono">{q.limit}</span> left
        </span>
      ) : null}{' '}
      <span className="exchange-line__time">{new Date(exchange.startedAt).toLocaleTimeString()}</span>{' '}
      {exchange.attempts > 1 ? (
        <span className="exchange-line__note" data-testid="exchange-attempts">
          {`attempt ${exchange.attempts}: ${exchange.retriedAfter.map(retryReason).join('; then ')}`}
        </span>
      ) : null}
    </div>
  )
}

/** Why the engine retried, in words. */
export function retryReason(after: '401' | '429'): string {
  return after === '401'
    ? 'the access token had expired (401), the engine refreshed it and retried once'
    : 'the server said 429, the engine waited Retry-After and retried'
}
