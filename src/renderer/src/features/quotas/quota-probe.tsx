import { BridgeCallError } from '../../../../shared/contract/errors'
import { ErrorBox } from '../../ui/error-box'
import type { useProbeLocations } from './use-quotas'

function spent(error: unknown): boolean {
  return (
    error instanceof BridgeCallError &&
    error.code === 'rate_limited' &&
    (error.details as { reason?: string } | undefined)?.reason === 'quota_spent'
  )
}

function errorTitle(error: unknown): string {
  if (!(error instanceof BridgeCallError)) return 'The request failed.'
  const details = (error.details ?? {}) as { reason?: string; status?: number }
  if (details.reason === 'quota_spent') return 'Not sent: the ledger says the quota is spent.'
  if (details.reason === 'blocked') return 'Not sent: blocked after a 429.'
  if (details.status === 429) return 'The server answered 429.'
  return 'The request failed.'
}

/**
 * "Send a request and watch the gauge": GET locations with the bearer token. A refusal (blocked after a 429, or a
 * spent ledger) is shown as the engine explains it; a spent ledger offers to send anyway.
 */
export function QuotaProbe({ probe, onGoConsent }: { probe: ReturnType<typeof useProbeLocations>; onGoConsent: () => void }) {
  const result = probe.data
  const error = probe.error
  const noToken =
    error instanceof BridgeCallError &&
    (error.code === 'unauthorized' || /token/i.test(error.message)) &&
    !spent(error) &&
    error.code !== 'rate_limited'
  return (
    <section className="qp" aria-label="Send a request">
      <div className="qp__row">
        <button type="button" className="btn btn--primary" onClick={() => probe.mutate(false)} disabled={probe.isPending}>
          {probe.isPending ? 'Sending…' : 'Send GET locations'}
        </button>
        <span className="qp__what">
          <span className="mono">GET /marketplace/v2/platform-token/locations</span> with the bearer token <kbd>Ctrl+Enter</kbd>
        </span>
      </div>
      {result && !probe.isPending ? (
        <p className="qp__result" role="status" aria-label="Last request">
          <span className="badge qg__status--2xx mono">{result.exchange.status}</span> {result.locations.length} locations in{' '}
          {Math.round(result.exchange.timings.total)} ms
          {result.exchange.quota ? (
            <>
              {' '}
              · <span className="mono">{result.exchange.quota.predictedRemaining}</span> of{' '}
              <span className="mono">{result.exchange.quota.limit}</span> left
            </>
          ) : null}
        </p>
      ) : null}
      {error && !probe.isPending ? (
        <div className="qp__error">
          <ErrorBox error={error} title={errorTitle(error)} />
          {spent(error) ? (
            <button type="button" className="btn btn--small btn--danger" onClick={() => probe.mutate(true)}>
              Send anyway
            </button>
          ) : null}
          {noToken ? (
            <button type="button" className="btn btn--small" onClick={onGoConsent}>
              Open the consent flow
            </button>
          ) : null}
        </div>
      ) : null}
    </section>
  )
}
