import { useEffect, useId, useRef, useState } from 'react'
import type { PartnerLocation } from '../../../../shared/contract'
import { SandboxFirst } from './sandbox-first'

interface InstallTarget {
  envName: string
  /** The built-in sandbox needs a plain confirmation; a real server needs the location's name typed. */
  isSandbox: boolean
  /** Where the POST goes ({base_url} + installations path), for the confirmation to say exactly what happens. */
  url: string
  /** Marked production: the environment's name must be typed too, and the engine checks it (the production guard). */
  production?: boolean
  /** The built-in sandbox, for "try it on the sandbox first" (null when it does not run). */
  sandboxEnvId?: string | null
}

/**
 * The install confirmation (modal). It states the exact request (POST installations {locationId}); outside the
 * sandbox it shows whose account the console acts for ("acting as merchant X on location Y") and asks for the
 * location's name to be typed, since the install changes a real merchant's account.
 */
export function InstallDialog({
  location,
  position,
  target,
  onConfirm,
  onCancel,
}: {
  location: PartnerLocation
  /** Where the location stands in its list (the sandbox's equivalent is found by name, else by this place). */
  position: number
  target: InstallTarget
  /** Called with the typed production confirmation (the environment's name) when the environment is production. */
  onConfirm: (confirmProduction?: string) => void
  onCancel: () => void
}) {
  const ref = useRef<HTMLDialogElement>(null)
  const inputRef = useRef<HTMLInputElement>(null)
  const installRef = useRef<HTMLButtonElement>(null)
  const [typed, setTyped] = useState('')
  const [typedEnv, setTypedEnv] = useState('')
  const titleId = useId()
  const inputId = useId()
  const envInputId = useId()
  useEffect(() => {
    const dialog = ref.current
    if (!dialog) return
    if (typeof dialog.showModal === 'function' && !dialog.open) dialog.showModal()
    else
      dialog.setAttribute('open', '')
      // Typing the name is why the dialog opened on a real server; in the sandbox, Enter confirms.
    ;(inputRef.current ?? installRef.current)?.focus()
    return () => {
      if (dialog.open && typeof dialog.close === 'function') dialog.close()
    }
  }, [])
  const production = target.production === true
  // Each field is compared with its own name only: the location field's "Does not match" never waits on the
  // environment field (and the other way round).
  const locationConfirmed = target.isSandbox || typed.trim() === location.name
  const envConfirmed = !production || typedEnv.trim() === target.envName
  const confirmed = locationConfirmed && envConfirmed
  const body = JSON.stringify({ locationId: location.id })
  return (
    <dialog
      ref={ref}
      className="loc-dialog"
      aria-labelledby={titleId}
      onCancel={e => {
        e.preventDefault()
        onCancel()
      }}
    >
      <form
        method="dialog"
        onSubmit={e => {
          e.preventDefault()
          if (confirmed) onConfirm(production ? typedEnv.trim() : undefined)
        }}
      >
        <h2 id={titleId}>Install at {location.name}?</h2>
        {production ? (
          <p className="loc-production" role="note" aria-label="Production">
            <strong>Production: {target.envName}.</strong> This install changes a real merchant’s account; the console sends it only with
            the environment’s name typed below.
          </p>
        ) : null}
        {!target.isSandbox ? (
          <p className="loc-banner" role="note">
            Acting as merchant <strong className="mono">{location.merchantId}</strong> on location <strong>{location.name}</strong> (
            <span className="mono">{location.id}</span>) in <strong>{target.envName}</strong> — a real server: this changes the merchant’s
            account.
          </p>
        ) : (
          <p className="loc-muted">In the built-in sandbox ({target.envName}): nothing real changes.</p>
        )}
        <dl className="facts loc-dialog__facts">
          <dt>Request</dt>
          <dd className="mono">POST {target.url}</dd>
          <dt>Body</dt>
          <dd className="mono">{body}</dd>
          <dt>Auth</dt>
          <dd>Bearer access token (needs write:installations)</dd>
          <dt>Success</dt>
          <dd>204 No Content (spec 4.5)</dd>
        </dl>
        {!target.isSandbox ? (
          <div className="field loc-dialog__confirm">
            <label htmlFor={inputId} className="field__label">
              Type the location name to confirm
            </label>
            <input
              id={inputId}
              value={typed}
              onChange={e => setTyped(e.target.value)}
              placeholder={location.name}
              autoComplete="off"
              spellCheck={false}
              ref={inputRef}
            />
            {typed !== '' && !locationConfirmed ? <span className="loc-muted">Does not match “{location.name}” yet.</span> : null}
          </div>
        ) : null}
        {production ? (
          <div className="field loc-dialog__confirm">
            <label htmlFor={envInputId} className="field__label">
              Type the environment name to confirm (production)
            </label>
            <input
              id={envInputId}
              value={typedEnv}
              onChange={e => setTypedEnv(e.target.value)}
              placeholder={target.envName}
              autoComplete="off"
              spellCheck={false}
            />
            {typedEnv !== '' && !envConfirmed ? <span className="loc-muted">Does not match “{target.envName}” yet.</span> : null}
          </div>
        ) : null}
        {production && target.sandboxEnvId ? (
          <SandboxFirst location={location} position={position} sandboxEnvId={target.sandboxEnvId} />
        ) : null}
        <div className="loc-dialog__actions">
          <button type="button" className="btn" onClick={onCancel}>
            Cancel
          </button>
          <button ref={installRef} type="submit" className="btn btn--primary" disabled={!confirmed}>
            Install
          </button>
        </div>
      </form>
    </dialog>
  )
}
