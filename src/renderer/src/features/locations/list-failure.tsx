import { errorFacts } from '../../domain/error-facts'
import { ErrorBox } from '../../ui/error-box'

/** Why listing failed, by status (403: read:locations not granted; 401: refused even after the automatic refresh). */
export function ListFailure({
  error,
  permissions,
  onRetry,
  onConsent,
}: {
  error: unknown
  permissions: readonly string[]
  onRetry: () => void
  onConsent: () => void
}) {
  const { status, logId } = errorFacts(error)
  const why =
    status === 403
      ? `Listing needs read:locations (spec 4.4); the merchant granted: ${permissions.join(', ') || 'none'}.`
      : status === 401
        ? 'The engine refreshes the access token once on a 401 and retries once; the server still refused, so authorize again.'
        : null
  return (
    <div className="loc-list-failure">
      <ErrorBox error={error} title="Could not list the locations." onRetry={onRetry} />
      {why ? <p className="loc-muted">{why}</p> : null}
      {logId ? (
        <p className="loc-muted">
          Network log entry <span className="mono">{logId}</span>
        </p>
      ) : null}
      {status === 401 || status === 403 ? (
        <button type="button" className="btn btn--small" onClick={onConsent}>
          Go to Consent flow
        </button>
      ) : null}
    </div>
  )
}
