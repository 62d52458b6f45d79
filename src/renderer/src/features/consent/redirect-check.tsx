import { useId, useState } from 'react'
import { ErrorBox } from '../../ui/error-box'
import { RedirectDiff } from './redirect-diff'
import { useDiagnoseRedirect } from './use-consent-actions'

const CHECK_ID = 'redirect-check'

/** Opens the redirect check and puts the cursor in its field (from the waiting status). */
export function openRedirectCheck(): void {
  const details = document.getElementById(CHECK_ID)
  if (!(details instanceof HTMLDetailsElement)) return
  details.open = true
  details.scrollIntoView({ block: 'nearest' })
  details.querySelector('input')?.focus()
}

/**
 * When the server shows "redirect_uri mismatch" instead of redirecting, the console never hears about it. This lets
 * the user paste the registered URI the server shows and see, character by character, how it differs from the one sent.
 */
export function RedirectCheck({ envId, sent, open }: { envId: string; sent: string | null; open?: boolean }) {
  const [registered, setRegistered] = useState('')
  const diagnose = useDiagnoseRedirect()
  const id = useId()
  return (
    <details className="redirect-check" id={CHECK_ID} open={open}>
      <summary>The server says the redirect URI does not match?</summary>
      <form
        className="redirect-check__form"
        onSubmit={e => {
          e.preventDefault()
          if (registered.trim() === '') return
          diagnose.mutate(sent ? { envId, registered, sent } : { envId, registered })
        }}
      >
        <p className="paste__hint">
          Sent: <code className="mono">{sent ?? '(the environment’s redirect URI)'}</code>. Paste the registered URI the server’s error page
          shows (or the one from your onboarding papers). When they differ, an authorization waiting for its redirect stops at once.
        </p>
        <label htmlFor={id} className="field__label">
          Registered redirect URI
        </label>
        <div className="paste__row">
          <input
            id={id}
            className="mono paste__input"
            value={registered}
            onChange={e => setRegistered(e.target.value)}
            spellCheck={false}
            autoComplete="off"
          />
          <button type="submit" className="btn" disabled={diagnose.isPending || registered.trim() === ''}>
            Compare
          </button>
        </div>
      </form>
      <ErrorBox error={diagnose.error} title="Could not compare." />
      {diagnose.data ? <RedirectDiff diagnosis={diagnose.data} /> : null}
    </details>
  )
}
