import { useState } from 'react'
import { ErrorBox } from '../../ui/error-box'
import { RedactedText } from '../../ui/redacted-text'
import { fetchCurl, useCurl } from './use-log-actions'

async function toClipboard(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text)
    return true
  } catch {
    return false
  }
}

/**
 * Copy as cURL: redacted by default (the command is shown, secrets as chips); "with live credentials" is an explicit
 * action whose command goes to the clipboard only — asked for on click, never shown, never kept (like a reveal).
 */
export function CurlActions({ id, live }: { id: string; live: boolean }) {
  const curl = useCurl()
  const [copied, setCopied] = useState<boolean | null>(null)
  const [liveState, setLiveState] = useState<{ state: 'idle' | 'busy' | 'copied' | 'failed'; notes: string[]; error?: unknown }>({
    state: 'idle',
    notes: [],
  })
  return (
    <div className="netlog-curl">
      <div className="netlog-curl__buttons">
        <button
          type="button"
          className="btn btn--small"
          disabled={curl.isPending}
          onClick={() => {
            setCopied(null)
            curl.mutate({ id, redacted: true }, { onSuccess: async r => setCopied(await toClipboard(r.command)) })
          }}
        >
          Copy as cURL
        </button>
        {live ? (
          <button
            type="button"
            className="btn btn--small"
            disabled={liveState.state === 'busy'}
            title="Puts the current token or a fresh HMAC signature in: the command goes to the clipboard, not to the screen"
            onClick={async () => {
              setLiveState({ state: 'busy', notes: [] })
              try {
                const r = await fetchCurl(id, false)
                const ok = await toClipboard(r.command)
                setLiveState({ state: ok ? 'copied' : 'failed', notes: r.notes })
              } catch (error) {
                setLiveState({ state: 'failed', notes: [], error })
              }
            }}
          >
            Copy with live credentials
          </button>
        ) : null}
      </div>
      {curl.data && curl.variables?.id === id ? (
        <div className="netlog-curl__out" role="status" aria-label="cURL command">
          <p className="netlog-curl__said">
            {copied === null
              ? 'Copying…'
              : copied
                ? 'Copied to the clipboard (redacted):'
                : 'The clipboard refused; select and copy the command:'}
          </p>
          <pre className="mono netlog-curl__cmd" data-testid="curl-command">
            <RedactedText text={curl.data.command} />
          </pre>
          {curl.data.notes.map(n => (
            <p key={n} className="netlog-curl__note">
              {n}
            </p>
          ))}
        </div>
      ) : null}
      <ErrorBox error={curl.error} title="No cURL command." />
      {liveState.state === 'copied' ? (
        <div className="netlog-curl__out" role="status" aria-label="Live cURL command">
          <p className="warn">Copied a command with live credentials to the clipboard (not shown). Treat it as a secret.</p>
          {liveState.notes.map(n => (
            <p key={n} className="netlog-curl__note">
              {n}
            </p>
          ))}
        </div>
      ) : null}
      {liveState.state === 'failed' ? (
        <ErrorBox error={liveState.error ?? new Error('The clipboard refused the command.')} title="Not copied." />
      ) : null}
    </div>
  )
}
