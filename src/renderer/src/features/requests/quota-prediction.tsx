import type { ComposerRequestInput } from '../../../../shared/contract'
import { remainingOf } from '../../domain/quota-model'
import { Countdown } from '../../ui/countdown'
import { Gauge } from '../../ui/gauge'
import { useNow } from '../../ui/use-now'
import { usePrediction } from './use-requests'

/**
 * Before sending: the quota of the draft's (client, method, path) as the ledger predicts it, and a warning when the
 * executor would refuse the send (blocked after a 429, or the ledger says spent) — then Send becomes "Send anyway".
 */
export function QuotaPrediction({ envId, request }: { envId: string | null; request: ComposerRequestInput | null }) {
  const prediction = usePrediction(envId, request)
  const now = useNow(1000)
  const p = prediction.data
  if (!request || !p) {
    return (
      <div className="wb-quota wb-quota--idle" data-testid="composer-quota">
        {prediction.error ? 'Quota: fill in the path to see the prediction.' : 'Quota: …'}
      </div>
    )
  }
  const q = p.state
  const remaining = remainingOf(q, now)
  return (
    <div className={`wb-quota${p.refusal ? ' wb-quota--refused' : ''}`} data-testid="composer-quota" role="status">
      <span className="mono wb-quota__key" title={q.key}>
        {q.method} {q.path}
      </span>
      <Gauge remaining={remaining} limit={q.limit} label={`Predicted quota: ${remaining} of ${q.limit}`} />
      <span className="mono" data-testid="composer-quota-remaining">
        {remaining}/{q.limit}
      </span>
      <span className="wb-muted">
        predicted · {q.used} sent in the window{q.limitSource === 'table' ? ' · limit from the spec table' : ''}
      </span>
      {p.refusal ? (
        <strong className="wb-quota__warn" data-testid="composer-quota-warning">
          {p.refusal.reason === 'blocked' && q.retryAfterUntil ? (
            <>
              Blocked after a 429: sending is refused for <Countdown until={q.retryAfterUntil} done="now" />.
            </>
          ) : (
            p.refusal.message
          )}
        </strong>
      ) : null}
    </div>
  )
}
