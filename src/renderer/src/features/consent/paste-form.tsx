import { useId, useState } from 'react'

/** Paste mode: the final redirect URL (the address bar after consenting), its query string, or just the code. */
export function PasteForm({
  redirectUri,
  onSubmit,
  pending,
}: {
  redirectUri: string | null
  onSubmit: (input: string) => void
  pending: boolean
}) {
  const [text, setText] = useState('')
  const id = useId()
  return (
    <form
      className="paste"
      onSubmit={e => {
        e.preventDefault()
        if (text.trim()) onSubmit(text.trim())
      }}
    >
      <label htmlFor={id} className="field__label">
        Redirect URL or code
      </label>
      <p className="paste__hint">
        After Allow or Deny the browser goes to <code className="mono">{redirectUri ?? 'the redirect URI'}</code> — copy that whole address
        (even if the page did not load) and paste it here. The state it carries is checked.
      </p>
      <div className="paste__row">
        <input
          id={id}
          className="mono paste__input"
          value={text}
          onChange={e => setText(e.target.value)}
          placeholder={`${redirectUri ?? 'http://127.0.0.1:8765/callback'}?code=…&state=…`}
          spellCheck={false}
          autoComplete="off"
        />
        <button type="submit" className="btn btn--primary" disabled={pending || text.trim() === ''}>
          {pending ? 'Checking…' : 'Submit redirect'}
        </button>
      </div>
    </form>
  )
}
