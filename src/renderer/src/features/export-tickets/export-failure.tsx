import { BridgeCallError } from '../../../../shared/contract/errors'
import { CodeEditor } from '../../ui/code-editor'
import { ErrorBox } from '../../ui/error-box'
import { errorFacts } from '../../domain/error-facts'

const WHY: Record<number, string> = {
  400: 'The server refused the filters; its message names the field (the sandbox also caps a range at 31 days).',
  401: 'The signature was refused: wrong secret, a path or body signed differently, or a timestamp outside the 10 s lifetime (clock skew). Open it in the inspector to see the canonical string that was signed.',
  403: 'The client may not export this location (some servers require the integration to be installed there first).',
  404: 'No location with that id on this server.',
  429: 'The quota for this export path is spent; the Quotas panel counts down to the next unit.',
}

/** A failed export: what the engine said, why by status, the server's body, and the inspector link for that request. */
export function ExportFailure({ error, onInspect, inspecting }: { error: unknown; onInspect: (() => void) | null; inspecting: boolean }) {
  const { status, logId, body } = errorFacts(error)
  const cancelled = error instanceof BridgeCallError && error.code === 'cancelled'
  return (
    <section className="export-response" aria-label="Response">
      <header className="export-response__head">
        <h2>Response</h2>
        {onInspect ? (
          <button type="button" className="link-button" onClick={onInspect} disabled={inspecting}>
            {inspecting ? 'Opening…' : 'Open in inspector'}
          </button>
        ) : null}
      </header>
      <ErrorBox error={error} title={cancelled ? 'Cancelled.' : status ? `The export failed (${status}).` : 'The export failed.'} />
      {status && WHY[status] ? <p className="export-muted">{WHY[status]}</p> : null}
      {logId ? (
        <p className="export-muted">
          Network log entry <span className="mono">{logId}</span>
        </p>
      ) : null}
      {body ? <CodeEditor label="Response body" value={body} language="plaintext" readOnly height={160} /> : null}
    </section>
  )
}
