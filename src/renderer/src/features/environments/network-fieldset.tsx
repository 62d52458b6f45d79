import type { EnvironmentDetail, MaskedSecret } from '../../../../shared/contract'
import { FormField } from './form-field'
import type { NetworkFormValues } from './network-form-model'

function stored(secret: MaskedSecret | undefined): string | undefined {
  return secret?.present ? `Stored in the vault (${secret.masked ?? secret.fingerprint ?? 'set'}); type to replace it.` : undefined
}

/**
 * The environment's trust, proxy, client certificate and standard-OAuth settings. Secrets (proxy password, client key,
 * passphrase) are write-only and go to the vault; the rest is saved with the environment.
 */
export function NetworkFieldset({
  v,
  set,
  errors,
  editing,
  disabled,
}: {
  v: NetworkFormValues
  set: (value: NetworkFormValues) => void
  errors: Map<string, string[]>
  editing: EnvironmentDetail | null
  disabled: boolean
}) {
  const put = <K extends keyof NetworkFormValues>(key: K, value: NetworkFormValues[K]) => set({ ...v, [key]: value })
  const secrets = editing?.networkSecrets
  const open = v.caFiles !== '' || v.proxyMode !== 'env' || v.clientCertKind !== '' || v.tokenBody !== 'json' || v.authorizeParams !== ''
  return (
    <details className="env-form__paths" open={open || [...errors.keys()].some(k => k.startsWith('network') || k.startsWith('authorize'))}>
      <summary>Network (CA files, proxy, client certificate) and standard OAuth servers</summary>
      <div className="env-form__grid">
        <FormField
          label="Extra CA files (PEM; one file per line)"
          errors={errors.get('network.caFiles')}
          hint="Trusted on top of Node’s store and NODE_EXTRA_CA_CERTS: a private CA, or a TLS-inspecting proxy’s CA."
        >
          <textarea
            className="mono"
            rows={2}
            value={v.caFiles}
            onChange={e => put('caFiles', e.target.value)}
            disabled={disabled}
            spellCheck={false}
          />
        </FormField>
        <label className="env-check">
          <input type="checkbox" checked={v.systemCa} onChange={e => put('systemCa', e.target.checked)} disabled={disabled} /> Also trust
          the operating system’s CA store (Node 22.15 or later)
        </label>
        <FormField label="Proxy" errors={errors.get('network.proxyMode')}>
          <select
            value={v.proxyMode}
            onChange={e => put('proxyMode', e.target.value as NetworkFormValues['proxyMode'])}
            disabled={disabled}
          >
            <option value="env">From HTTPS_PROXY / HTTP_PROXY / NO_PROXY (default)</option>
            <option value="url">This proxy</option>
            <option value="none">None: connect directly</option>
          </select>
        </FormField>
        {v.proxyMode === 'url' ? (
          <>
            <FormField label="Proxy URL" errors={errors.get('network.proxyUrl')} hint="http://host:port, without user name or password">
              <input
                className="mono"
                value={v.proxyUrl}
                onChange={e => put('proxyUrl', e.target.value)}
                disabled={disabled}
                spellCheck={false}
              />
            </FormField>
            <FormField label="Proxy user" errors={errors.get('network.proxyUsername')}>
              <input value={v.proxyUsername} onChange={e => put('proxyUsername', e.target.value)} disabled={disabled} autoComplete="off" />
            </FormField>
            <FormField label="Proxy password" errors={errors.get('proxyPassword')} hint={stored(secrets?.proxyPassword)}>
              <input
                type="password"
                value={v.proxyPassword}
                onChange={e => put('proxyPassword', e.target.value)}
                disabled={disabled}
                autoComplete="off"
              />
            </FormField>
            <FormField label="No proxy for" errors={errors.get('network.noProxy')} hint="NO_PROXY syntax: host, .suffix, host:port, *">
              <input
                className="mono"
                value={v.noProxy}
                onChange={e => put('noProxy', e.target.value)}
                disabled={disabled}
                spellCheck={false}
              />
            </FormField>
          </>
        ) : null}
        <FormField label="Client certificate (mutual TLS)" errors={errors.get('network.clientCertKind')}>
          <select
            value={v.clientCertKind}
            onChange={e => put('clientCertKind', e.target.value as NetworkFormValues['clientCertKind'])}
            disabled={disabled}
          >
            <option value="">None</option>
            <option value="pem">PEM certificate + private key</option>
            <option value="pkcs12">PKCS#12 file (.p12 / .pfx)</option>
          </select>
        </FormField>
        {v.clientCertKind ? (
          <>
            <FormField
              label={v.clientCertKind === 'pem' ? 'Certificate file (PEM)' : 'PKCS#12 file'}
              errors={errors.get('network.clientCertFile')}
            >
              <input
                className="mono"
                value={v.clientCertFile}
                onChange={e => put('clientCertFile', e.target.value)}
                disabled={disabled}
                spellCheck={false}
              />
            </FormField>
            {v.clientCertKind === 'pem' ? (
              <FormField
                label="Private key (PEM)"
                errors={errors.get('clientKey')}
                hint={stored(secrets?.clientKey) ?? 'Kept in the vault, never in the environment file.'}
              >
                <textarea
                  className="mono"
                  rows={3}
                  value={v.clientKey}
                  onChange={e => put('clientKey', e.target.value)}
                  disabled={disabled}
                  spellCheck={false}
                />
              </FormField>
            ) : null}
            <FormField
              label={v.clientCertKind === 'pem' ? 'Key passphrase (if encrypted)' : 'PKCS#12 passphrase'}
              errors={errors.get('clientCertPassphrase')}
              hint={stored(secrets?.clientCertPassphrase)}
            >
              <input
                type="password"
                value={v.clientCertPassphrase}
                onChange={e => put('clientCertPassphrase', e.target.value)}
                disabled={disabled}
                autoComplete="off"
              />
            </FormField>
          </>
        ) : null}
        <FormField label="Token request body" errors={errors.get('tokenBody')}>
          <select
            value={v.tokenBody}
            onChange={e => put('tokenBody', e.target.value as NetworkFormValues['tokenBody'])}
            disabled={disabled}
          >
            <option value="json">JSON, as the spec shows (4.2)</option>
            <option value="form">Form (RFC 6749), for a standard authorization server</option>
          </select>
        </FormField>
        <FormField
          label="Extra authorize parameters (key=value, one per line)"
          errors={
            errors.get('authorizeParams') ?? [...errors.entries()].filter(([k]) => k.startsWith('authorizeParams.')).flatMap(([, m]) => m)
          }
          hint="For example scope=openid read:locations"
        >
          <textarea
            className="mono"
            rows={2}
            value={v.authorizeParams}
            onChange={e => put('authorizeParams', e.target.value)}
            disabled={disabled}
            spellCheck={false}
          />
        </FormField>
      </div>
    </details>
  )
}
