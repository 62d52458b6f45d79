import { useEffect, useId, useRef, useState } from 'react'
import type { PartnerLocation } from '../../../../shared/contract'

export interface InstallTarget {
  envName: string
  /** The built-in sandbox needs a plain confirmation; a real server needs the location's name typed. */
  isSandbox: boolean
  /** Where the POST goes ({base_url} + installations path), for the confirmation to say exactly what happens. */
  url: string
}

/**
 * The install confirmation (modal). It states the exact request (POST installations {locationId}); outside the
 * sandbox it shows whose account the console acts for ("acting as merchant X on location Y") and asks for the
 * location's name to be typed, since the install changes a real merchant's account.
 */
export function InstallDialog({
  location,
  target,
  onConfirm,
  onCancel,
}: {
  location: PartnerLocation
  target: InstallTarget
  onConfirm: () => void
  onCancel: () => void
}) {
  const ref = useRef<HTMLDialogElement>(null)
  const inputRef = useRef<HTMLInputElement>(null)
  const installRef = useRef<HTMLButtonElement>(null)
  const [typed, setTyped] = useState('')
  const titleId = useId()
  const inputId = useId()
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
  const confirmed = target.isSandbox || typed.trim() === location.name
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
          if (confirmed) onConfirm()
        }}
      >
        <h2 id={titleId}>Install at {location.name}?</h2>
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
            {typed !== '' && !confirmed ? <span className="loc-muted">Does not match “{location.name}” yet.</span> : null}
          </div>
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
