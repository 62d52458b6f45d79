import { BridgeCallError } from '../../../../shared/contract/errors'
import { errorFacts } from '../../domain/error-facts'
import { useSetTimeSource } from '../../domain/time-source'
import { CodeEditor } from '../../ui/code-editor'
import { ErrorBox } from '../../ui/error-box'

const WHY: Record<number, string> = {
  400: 'The server refused the filters; its message names the field (the sandbox also caps a range at 31 days).',
  401: 'The signature was refused. Open it in the inspector to see the canonical string that was signed and its timestamp.',
  403: 'The client may not export this location (some servers require the integration to be installed there first).',
  404: 'No location with that id on this server.',
  429: 'The quota for this export path is spent; the Quotas panel counts down to the next unit.',
}

/** Causes that signing with the server's time fixes: the clocks disagree by more than a signature's life. */
const CLOCK_CAUSES = new Set(['stale-signature', 'future-signature'])

/**
 * A failed export: what the engine said, the advice chosen by the failure's cause (the engine's hint; by status only
 * when no cause is known), the server's body, the inspector link, and for a signature the clocks made stale, "Sign
 * with the server's time" right there (then the export is sent again).
 */
export function ExportFailure({
  error,
  onInspect,
  inspecting,
  onSendAgain,
}: {
  error: unknown
  onInspect: (() => void) | null
  inspecting: boolean
  onSendAgain: () => void
}) {
  const { status, logId, body, cause } = errorFacts(error)
  const cancelled = error instanceof BridgeCallError && error.code === 'cancelled'
  const timeSource = useSetTimeSource()
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
      {status && !cause && WHY[status] ? <p className="export-muted">{WHY[status]}</p> : null}
      {cause && CLOCK_CAUSES.has(cause) ? (
        <p className="export-fix">
          <button
            type="button"
            className="btn btn--primary btn--small"
            disabled={timeSource.isPending}
            onClick={() => timeSource.mutate('server', { onSuccess: onSendAgain })}
          >
            Sign with the server’s time
          </button>{' '}
          <span className="export-muted">
            Every signature then carries this machine’s time plus the measured skew; the export is sent again.
          </span>
        </p>
      ) : null}
      {timeSource.error ? <ErrorBox error={timeSource.error} title="The time source was not changed." /> : null}
      {logId ? (
        <p className="export-muted">
          Network log entry <span className="mono">{logId}</span>
        </p>
      ) : null}
      {body ? <CodeEditor label="Response body" value={body} language="plaintext" readOnly height={160} /> : null}
    </section>
  )
}
