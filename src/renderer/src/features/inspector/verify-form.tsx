import { useState } from 'react'
import { CodeEditor } from '../../ui/code-editor'
import { parseCapturedRequest } from './captured-request-parser'
import { type CapturedRequest, useInspectorStore } from './inspector-store'
import { MethodList, TextField } from './text-field'

type CaptureProblems = Partial<Record<keyof CapturedRequest, string>>

/** What must be there before the explainer can run, in the user's words. */
export function captureProblems(c: CapturedRequest): CaptureProblems {
  const p: CaptureProblems = {}
  if (!/^[A-Za-z]{1,32}$/.test(c.method.trim())) p.method = 'Letters only, e.g. GET.'
  if (c.path.trim() === '') p.path = 'The path (with query) or full URL, as sent.'
  if (c.accessKey.trim() === '') p.accessKey = 'The x-access-key header as sent.'
  if (!/^\d{1,16}$/.test(c.timestamp.trim())) p.timestamp = 'The x-timestamp header: digits only.'
  if (c.signature.trim() === '') p.signature = 'The x-signature header as sent.'
  return p
}

/**
 * The Verify tab's inputs: a captured request pasted whole (raw HTTP or cURL) or field by field. The check itself is
 * run by the panel (button, Ctrl/Cmd+Enter, or on arrival from another panel).
 */
export function VerifyForm({ problems, onCheck, checking }: { problems: CaptureProblems; onCheck: () => void; checking: boolean }) {
  const captured = useInspectorStore(s => s.captured)
  const setCaptured = useInspectorStore(s => s.setCaptured)
  const checkFreshness = useInspectorStore(s => s.checkFreshness)
  const setCheckFreshness = useInspectorStore(s => s.setCheckFreshness)
  const [paste, setPaste] = useState('')
  const [pasteProblems, setPasteProblems] = useState<string[]>([])
  return (
    <form
      className="sign-form"
      onSubmit={e => {
        e.preventDefault()
        onCheck()
      }}
    >
      <div className="field inspector-field">
        <label className="inspector-field__label" htmlFor="inspector-paste">
          <span className="field__label">Paste a captured request (raw HTTP or cURL)</span>
        </label>
        <textarea
          id="inspector-paste"
          className="mono inspector-paste"
          rows={3}
          spellCheck={false}
          value={paste}
          placeholder={'GET /api/v1/export/101001/tickets?… HTTP/1.1\nx-access-key: …\nx-timestamp: …\nx-signature: …'}
          onChange={e => setPaste(e.target.value)}
        />
        <div className="inspector-row">
          <button
            type="button"
            className="btn btn--small"
            disabled={paste.trim() === ''}
            onClick={() => {
              const parsed = parseCapturedRequest(paste)
              setCaptured(parsed.fields)
              setPasteProblems(parsed.problems)
            }}
          >
            Fill the fields from the paste
          </button>
          {pasteProblems.length > 0 ? <span className="inspector-field__problem">{pasteProblems.join(' ')}</span> : null}
        </div>
      </div>
      <div className="inspector-row inspector-row--top">
        <TextField
          label="Method"
          className="sign-form__method"
          value={captured.method}
          onChange={method => setCaptured({ method })}
          problem={problems.method}
          list="inspector-verify-methods"
        />
        <TextField
          label="Path (with query, as sent)"
          className="inspector-row__grow"
          value={captured.path}
          onChange={path => setCaptured({ path })}
          problem={problems.path}
        />
        <MethodList id="inspector-verify-methods" />
      </div>
      <TextField
        label="x-access-key"
        value={captured.accessKey}
        onChange={accessKey => setCaptured({ accessKey })}
        problem={problems.accessKey}
      />
      <div className="inspector-row inspector-row--top">
        <TextField
          label="x-timestamp"
          className="sign-form__timestamp"
          value={captured.timestamp}
          onChange={timestamp => setCaptured({ timestamp })}
          problem={problems.timestamp}
        />
        <TextField
          label="x-signature"
          className="inspector-row__grow"
          value={captured.signature}
          onChange={signature => setCaptured({ signature })}
          problem={problems.signature}
        />
      </div>
      <TextField
        label="Client id you signed with (optional)"
        value={captured.claimedClientId}
        onChange={claimedClientId => setCaptured({ claimedClientId })}
        help="Only if it may differ from x-access-key."
      />
      <div className="field inspector-field">
        <span className="field__label">Captured body (exactly as sent; empty = no body)</span>
        <CodeEditor label="Captured body" value={captured.body} onChange={body => setCaptured({ body })} onSubmit={onCheck} height={96} />
      </div>
      <label className="inspector-check">
        <input type="checkbox" checked={checkFreshness} onChange={e => setCheckFreshness(e.target.checked)} />
        Check the 10 s lifetime against the server’s clock now (turn off for a request captured earlier)
      </label>
      <div className="inspector-row">
        <button type="submit" className="btn btn--primary" disabled={checking}>
          {checking ? 'Checking…' : 'Check signature'}
        </button>
        <kbd>Ctrl+Enter</kbd>
      </div>
    </form>
  )
}
