import { BridgeCallError } from '../../../shared/contract/errors'

/** Says what happened, why (the code), and what to do next (the hint), for any error a bridge call rejected with. */
export function ErrorBox({ error, title, onRetry }: { error: unknown; title?: string; onRetry?: () => void }) {
  if (!error) return null
  const message = error instanceof Error ? error.message : String(error)
  const hint = error instanceof BridgeCallError ? error.hint : undefined
  const code = error instanceof BridgeCallError ? error.code : undefined
  return (
    <div className="error-box" role="alert">
      {title ? <strong>{title} </strong> : null}
      <span>{message}</span>
      {code ? <span className="error-box__code mono"> ({code})</span> : null}
      {hint ? <p className="error-box__hint">{hint}</p> : null}
      {onRetry ? (
        <button type="button" className="btn btn--small" onClick={onRetry}>
          Try again
        </button>
      ) : null}
    </div>
  )
}
