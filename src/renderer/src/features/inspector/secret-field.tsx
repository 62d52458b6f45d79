import { type RefObject, useRef } from 'react'

/**
 * The client secret to sign with for this session only. Write-only: a password input whose value lives in the
 * panel's ref (never in a store, never rendered back); empty means the active environment's secret.
 */
export function SecretField({
  secret,
  onChanged,
  fingerprint,
  environmentId,
}: {
  secret: RefObject<string>
  onChanged: () => void
  /** The fingerprint of the secret last used, from the engine's answer. */
  fingerprint: string | null
  environmentId: string | null
}) {
  const input = useRef<HTMLInputElement>(null)
  const typed = secret.current !== ''
  const source = typed ? 'the secret typed here' : environmentId ? `environment “${environmentId}”` : 'the active environment'
  return (
    <div className="field inspector-field">
      <label className="inspector-field__label" htmlFor="inspector-secret">
        <span className="field__label">Client secret (this session only)</span>
      </label>
      <div className="inspector-row">
        <input
          ref={input}
          id="inspector-secret"
          type="password"
          className="mono inspector-row__grow"
          autoComplete="new-password"
          spellCheck={false}
          placeholder="Empty: the active environment’s secret"
          onChange={e => {
            secret.current = e.target.value
            onChanged()
          }}
        />
        <button
          type="button"
          className="btn btn--small"
          disabled={!typed}
          onClick={() => {
            if (input.current) input.current.value = ''
            secret.current = ''
            onChanged()
          }}
        >
          Forget secret
        </button>
      </div>
      <span className="inspector-field__help">
        Key: {source}
        {fingerprint ? (
          <>
            {' '}
            · fingerprint <code className="mono">{fingerprint}</code>
          </>
        ) : null}
        {typed ? ' · kept only while this panel is open, never shown or saved.' : '.'}
      </span>
    </div>
  )
}
