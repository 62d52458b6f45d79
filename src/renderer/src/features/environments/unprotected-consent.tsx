import type { SecretStorageInfo } from '../../../../shared/contract'

/**
 * The explicit agreement the engine asks for before it stores a secret with an unprotected backend (e.g. Electron's
 * safeStorage `basic_text` on Linux without a keyring): says what that means, and the save stays disabled until ticked.
 */
export function UnprotectedConsent({
  storage,
  checked,
  onChange,
}: {
  storage: SecretStorageInfo
  checked: boolean
  onChange: (v: boolean) => void
}) {
  return (
    <fieldset className="unprotected">
      <legend className="visually-hidden">Unprotected secret storage</legend>
      <p>
        <strong className="warn">Secret storage is not protected here.</strong> <span className="mono">{storage.backend}</span>:{' '}
        {storage.description} Any program running as your user could read what is stored. Install or unlock an OS keyring (gnome-keyring,
        KWallet) and restart to avoid this.
      </p>
      <label className="env-check">
        <input type="checkbox" checked={checked} onChange={e => onChange(e.target.checked)} /> Store it unprotected anyway
      </label>
    </fieldset>
  )
}
