import { useState } from 'react'
import type { ComposerRequestInput, SnippetLanguage } from '../../../../shared/contract'
import { withEnvId } from '../../domain/env-scope'
import { fetchSnippet } from './use-library'

const LABELS: Record<SnippetLanguage, string> = {
  curl: 'cURL (bash)',
  'curl-cmd': 'cURL (Windows cmd)',
  fetch: 'fetch',
  node: 'Node',
  powershell: 'PowerShell',
  httpie: 'HTTPie',
  python: 'Python (urllib)',
  'python-requests': 'Python requests',
}

/**
 * Copy as: a runnable program for the draft or a log entry. HMAC snippets sign when they run (secret from
 * PARTNER_CLIENT_SECRET), so nothing secret is ever copied. The program is shown too, so it can be read first.
 */
export function CopyAs({ source, envId }: { source: { request: ComposerRequestInput } | { logId: string }; envId?: string | null }) {
  const [language, setLanguage] = useState<SnippetLanguage>('curl')
  const [state, setState] = useState<{ code: string; notes: string[]; copied: boolean | null; error?: string } | null>(null)
  const copy = async () => {
    try {
      const snippet = await fetchSnippet({ language, ...source, ...withEnvId(envId) })
      let copied = true
      try {
        await navigator.clipboard.writeText(snippet.code)
      } catch {
        copied = false
      }
      setState({ code: snippet.code, notes: snippet.notes, copied })
    } catch (error) {
      setState({ code: '', notes: [], copied: null, error: error instanceof Error ? error.message : String(error) })
    }
  }
  return (
    <div className="wb-copy">
      <label className="wb-inline">
        Copy as
        <select
          className="input"
          value={language}
          aria-label="Snippet language"
          onChange={e => setLanguage(e.target.value as SnippetLanguage)}
        >
          {(Object.keys(LABELS) as SnippetLanguage[]).map(l => (
            <option key={l} value={l}>
              {LABELS[l]}
            </option>
          ))}
        </select>
      </label>
      <button type="button" className="btn btn--small" onClick={() => void copy()}>
        Copy
      </button>
      {state?.error ? <span className="wb-warn">{state.error}</span> : null}
      {state && !state.error ? (
        <div className="wb-copy__result">
          <span className="wb-muted">{state.copied ? 'Copied to the clipboard.' : 'The clipboard refused: select the text below.'}</span>
          {state.notes.map(n => (
            <span key={n} className="wb-muted">
              {' '}
              {n}
            </span>
          ))}
          <pre className="wb-copy__code mono" data-testid="snippet-code">
            {state.code}
          </pre>
        </div>
      ) : null}
    </div>
  )
}
