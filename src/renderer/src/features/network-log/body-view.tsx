import type { LoggedBody } from '../../../../shared/contract'
import { CodeEditor } from '../../ui/code-editor'
import { RedactionChip, redactionsIn } from '../../ui/redacted-text'
import { formatBytes } from './log-format'

function pretty(body: LoggedBody): { text: string; language: 'json' | 'plaintext'; formatted: boolean } {
  const looksJson = /json/i.test(body.mimeType) || /^\s*[[{]/.test(body.text)
  if (looksJson && !body.truncated) {
    try {
      return { text: JSON.stringify(JSON.parse(body.text), null, 2), language: 'json', formatted: true }
    } catch {
      // Not valid JSON: shown as sent.
    }
  }
  return { text: body.text, language: looksJson ? 'json' : 'plaintext', formatted: false }
}

/**
 * A logged request or response body in read-only monaco (pretty-printed when it is JSON), with what the log did to it
 * said first: its real size, cut at the cap, dropped for memory, and the secrets it had redacted as chips.
 */
export function BodyView({ body, label }: { body: LoggedBody | null; label: string }) {
  if (!body || (body.size === 0 && body.text === '')) return <p className="empty">No {label.toLowerCase()}.</p>
  if (body.evicted) {
    return (
      <p className="empty">
        The {label.toLowerCase()} ({formatBytes(body.size)}) was dropped from the log to keep it within its memory budget; headers and
        timings remain.
      </p>
    )
  }
  const view = pretty(body)
  const secrets = redactionsIn(body.text)
  return (
    <div className="netlog-body">
      <p className="netlog-body__facts">
        <span className="mono">{body.mimeType || 'unknown type'}</span> · {formatBytes(body.size)}
        {view.formatted ? ' · pretty-printed' : ''}
        {body.truncated ? <span className="warn"> · truncated: the log keeps the first {formatBytes(body.text.length)}</span> : null}
        {secrets.length > 0 ? (
          <span className="netlog-body__secrets">
            {' '}
            · redacted:{' '}
            {secrets.map(s => (
              <RedactionChip key={`${s.label}:${s.fingerprint}`} label={s.label} fingerprint={s.fingerprint} />
            ))}
          </span>
        ) : null}
      </p>
      <div className="netlog-body__editor">
        <CodeEditor value={view.text} language={view.language} readOnly height="100%" label={label} />
      </div>
    </div>
  )
}
