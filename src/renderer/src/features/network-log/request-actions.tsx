import { CopyAs, openLogInComposer, pickForCompare, useCompareA } from '../requests'

/** From a log entry into the Requests panel: edit and resend (current credentials, re-signed), compare, copy as. */
export function RequestActions({ id }: { id: string }) {
  const a = useCompareA()
  return (
    <div className="netlog-request-actions">
      <div className="netlog-curl__buttons">
        <button
          type="button"
          className="btn btn--small"
          onClick={() => openLogInComposer(id)}
          title="Opens it in Requests with the current environment’s credentials"
        >
          Edit and resend
        </button>
        {a && a !== id ? (
          <button type="button" className="btn btn--small" onClick={() => pickForCompare(id, 'b')}>
            Compare with A
          </button>
        ) : null}
        <button type="button" className="btn btn--small" onClick={() => pickForCompare(id, 'a')} aria-pressed={a === id}>
          {a === id ? 'A (chosen)' : 'Compare: use as A'}
        </button>
      </div>
      <CopyAs source={{ logId: id }} />
    </div>
  )
}
