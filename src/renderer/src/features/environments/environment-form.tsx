import { useMemo, useState } from 'react'
import type { CatchMode, EnvironmentDetail, SecretStorageInfo } from '../../../../shared/contract'
import { BridgeCallError } from '../../../../shared/contract/errors'
import { SPEC_PATHS } from '../../../../shared/spec'
import { ErrorBox } from '../../ui/error-box'
import { FormField } from './form-field'
import { blankForm, byField, type FormValues, formOf, issuesOf, localIssues, PATH_KEYS, PATH_LABELS, settingsOf } from './form-model'
import { NetworkFieldset } from './network-fieldset'
import { networkSecretsOf } from './network-form-model'
import { UnprotectedConsent } from './unprotected-consent'
import { type EnvironmentSave, useSaveEnvironment } from './use-environment-actions'
import { useValidation } from './use-validation'

const FLOW_FIELDS = ['catchMode', 'pkce', 'callbackTimeoutSeconds', 'requireStateEcho'] as const

/**
 * Creates or edits an environment. Every field is checked by the engine as you type (`environments:validate`), problems are
 * shown under the field they concern, and the redirect URI is shown exactly as it will be sent. Secrets are write-only:
 * the stored one is shown masked and can be replaced or removed, never read back into the form.
 */
export function EnvironmentForm({
  editing,
  storage,
  onDone,
  onCancel,
}: {
  editing: EnvironmentDetail | null
  storage: SecretStorageInfo
  onDone: (env: EnvironmentDetail) => void
  onCancel: () => void
}) {
  const [v, setV] = useState<FormValues>(() => (editing ? formOf(editing) : blankForm()))
  const [touched, setTouched] = useState<Set<string>>(new Set())
  const [submitted, setSubmitted] = useState(false)
  const [accept, setAccept] = useState(false)
  const fixed = editing !== null && !editing.editable
  const set = <K extends keyof FormValues>(key: K, value: FormValues[K]) => {
    setV(old => ({ ...old, [key]: value }))
    setTouched(old => new Set(old).add(key))
  }

  const settings = useMemo(() => settingsOf(v), [v])
  const local = localIssues(v)
  const validation = useValidation(settings, local.length === 0 && !fixed)
  const networkSecrets = fixed ? undefined : networkSecretsOf(v.net)
  const storingSecret = !fixed && (v.clientSecret !== '' || networkSecrets !== undefined)
  const needsConsent = storingSecret && !storage.protected

  const save = useSaveEnvironment((): EnvironmentSave => {
    const acceptUnprotectedStorage = needsConsent ? accept : undefined
    if (!editing) {
      return { create: { settings, clientSecret: v.clientSecret || undefined, networkSecrets, acceptUnprotectedStorage } }
    }
    if (fixed) {
      const changes = Object.fromEntries(FLOW_FIELDS.map(k => [k, settings[k]]))
      return { update: { id: editing.id, changes } }
    }
    const clientSecret = v.removeSecret ? null : v.clientSecret || undefined
    return { update: { id: editing.id, changes: settings, clientSecret, networkSecrets, acceptUnprotectedStorage } }
  }, onDone)

  const serverIssues = save.error instanceof BridgeCallError ? issuesOf(save.error.details) : []
  const shownLocal = local.filter(i => submitted || touched.has(i.path))
  const engineIssues = local.length === 0 && !fixed ? (validation.data?.issues ?? []) : []
  const shownEngine = engineIssues.filter(i => submitted || touchedFor(i.path, touched))
  const errors = byField([...shownLocal, ...shownEngine, ...serverIssues])
  const known = new Set([
    'name',
    'authUrl',
    'baseUrl',
    'clientId',
    'redirectUri',
    'catchMode',
    'callbackTimeoutSeconds',
    ...PATH_KEYS.map(k => `paths.${k}`),
    'authorizeParams',
    'network.caFiles',
    'network.proxyMode',
    'network.proxyUrl',
    'network.proxyUsername',
    'network.noProxy',
    'network.clientCertKind',
    'network.clientCertFile',
  ])
  const other = [...errors.entries()].filter(([path]) => !known.has(path))
  const blocking = local.length > 0 || engineIssues.length > 0 || (needsConsent && !accept)

  return (
    <form
      className="env-form"
      aria-label={editing ? `Edit ${editing.name}` : 'New environment'}
      onSubmit={e => {
        e.preventDefault()
        setSubmitted(true)
        if (!blocking) save.mutate()
      }}
    >
      <h2>{editing ? `Edit “${editing.name}”` : 'New environment'}</h2>
      {fixed ? (
        <p className="env-form__note">
          The built-in sandbox’s addresses and credentials are set at every launch; only the flow settings can change. Duplicate it to get
          one you can edit.
        </p>
      ) : null}
      <div className="env-form__grid">
        <FormField label="Name" errors={errors.get('name')}>
          <input value={v.name} onChange={e => set('name', e.target.value)} disabled={fixed} autoComplete="off" />
        </FormField>
        <FormField label="Client ID (client_id)" errors={errors.get('clientId')}>
          <input
            className="mono"
            value={v.clientId}
            onChange={e => set('clientId', e.target.value)}
            disabled={fixed}
            autoComplete="off"
            spellCheck={false}
          />
        </FormField>
        <FormField label="Auth URL (auth_url)" errors={errors.get('authUrl')} hint="Host of /oauth2/authorize/ and /oauth2/token/">
          <input
            className="mono"
            value={v.authUrl}
            onChange={e => set('authUrl', e.target.value)}
            disabled={fixed}
            autoComplete="off"
            spellCheck={false}
          />
        </FormField>
        <FormField
          label="Base URL (base_url)"
          errors={errors.get('baseUrl')}
          hint="Host of the partner API (locations, installations, exports)"
        >
          <input
            className="mono"
            value={v.baseUrl}
            onChange={e => set('baseUrl', e.target.value)}
            disabled={fixed}
            autoComplete="off"
            spellCheck={false}
          />
        </FormField>
        <FormField
          label="Redirect URI (redirect_uri)"
          errors={errors.get('redirectUri')}
          wide
          hint="Exactly as registered: it is compared byte for byte (5.1)."
        >
          <input
            className="mono"
            value={v.redirectUri}
            onChange={e => set('redirectUri', e.target.value)}
            disabled={fixed}
            autoComplete="off"
            spellCheck={false}
          />
        </FormField>
        <div className="env-form__sent env-field--wide" aria-live="polite">
          <span className="field__label">Sent as</span>
          <code className="mono" data-testid="redirect-as-sent">
            {fixed ? editing?.redirectUriAsSent : (validation.data?.redirectUriAsSent ?? '…')}
          </code>
          {validation.data?.authorizeUrlPreview && !fixed ? (
            <>
              <span className="field__label">Authorize URL preview</span>
              <code className="mono env-form__preview">{validation.data.authorizeUrlPreview}</code>
            </>
          ) : null}
        </div>
        <FormField
          label={editing?.clientSecret.present ? 'Replace client secret' : 'Client secret (client_secret)'}
          errors={errors.get('clientSecret')}
          hint={secretHint(editing)}
        >
          <input
            type="password"
            className="mono"
            value={v.clientSecret}
            onChange={e => set('clientSecret', e.target.value)}
            disabled={fixed || v.removeSecret}
            autoComplete="new-password"
          />
        </FormField>
        {editing?.clientSecret.present && !fixed ? (
          <label className="env-check">
            <input type="checkbox" checked={v.removeSecret} onChange={e => set('removeSecret', e.target.checked)} /> Remove the stored
            secret
          </label>
        ) : null}
        <FormField label="Catch mode" errors={errors.get('catchMode')}>
          <select value={v.catchMode} onChange={e => set('catchMode', e.target.value as CatchMode)}>
            <option value="loopback">System browser + loopback</option>
            <option value="embedded">Embedded window (desktop app)</option>
            <option value="paste">Paste the redirect</option>
          </select>
        </FormField>
        <FormField label="Callback timeout (seconds)" errors={errors.get('callbackTimeoutSeconds')}>
          <input
            type="number"
            min={10}
            max={3600}
            value={v.callbackTimeoutSeconds}
            onChange={e => set('callbackTimeoutSeconds', e.target.value)}
          />
        </FormField>
        <label className="env-check">
          <input type="checkbox" checked={v.pkce} onChange={e => set('pkce', e.target.checked)} /> PKCE (S256) — not stated by the spec; off
          by default
        </label>
        <label className="env-check">
          <input type="checkbox" checked={v.requireStateEcho} onChange={e => set('requireStateEcho', e.target.checked)} /> Require the
          server to echo state
        </label>
        {fixed ? null : (
          <label className="env-check">
            <input type="checkbox" checked={v.production} onChange={e => set('production', e.target.checked)} /> Production — a red band on
            every screen, and installs and other state-changing requests must be confirmed by typing this environment’s title
          </label>
        )}
      </div>
      <details className="env-form__paths" open={PATH_KEYS.some(k => v.paths[k] !== '' || errors.has(`paths.${k}`))}>
        <summary>Path overrides (where a deployment differs from the spec)</summary>
        <div className="env-form__grid">
          {PATH_KEYS.map(k => (
            <FormField key={k} label={PATH_LABELS[k]} errors={errors.get(`paths.${k}`)}>
              <input
                className="mono"
                value={v.paths[k]}
                placeholder={SPEC_PATHS[k]}
                onChange={e => set('paths', { ...v.paths, [k]: e.target.value })}
                disabled={fixed}
                spellCheck={false}
              />
            </FormField>
          ))}
        </div>
      </details>
      {fixed ? null : <NetworkFieldset v={v.net} set={net => set('net', net)} errors={errors} editing={editing} disabled={fixed} />}
      {validation.data?.warnings.length && !fixed ? (
        <ul className="env-form__warnings" aria-label="Warnings">
          {validation.data.warnings.map(w => (
            <li key={w}>{w}</li>
          ))}
        </ul>
      ) : null}
      {other.length > 0 ? (
        <ul className="env-field__errors" aria-label="Other problems">
          {other.flatMap(([path, messages]) => messages.map(m => <li key={`${path}:${m}`}>{path ? `${path}: ${m}` : m}</li>))}
        </ul>
      ) : null}
      {needsConsent ? <UnprotectedConsent storage={storage} checked={accept} onChange={setAccept} /> : null}
      {save.error && serverIssues.length === 0 ? <ErrorBox error={save.error} title="Not saved." /> : null}
      <div className="env-form__actions">
        <button type="submit" className="btn btn--primary" disabled={save.isPending || (submitted && blocking)}>
          {save.isPending ? 'Saving…' : editing ? 'Save changes' : 'Create environment'}
        </button>
        <button type="button" className="btn" onClick={onCancel}>
          Cancel
        </button>
        {validation.isFetching ? <span className="env-form__checking">checking…</span> : null}
      </div>
    </form>
  )
}

/** Whether the user has touched the field(s) an issue is about (until a save attempt, untouched fields stay quiet). */
function touchedFor(path: string, touched: Set<string>): boolean {
  if (path === 'catchMode') return touched.has('catchMode') || touched.has('redirectUri')
  if (path.startsWith('network.') || path.startsWith('authorizeParams') || path === 'tokenBody') return touched.has('net')
  return touched.has(path.split('.')[0] ?? path)
}

function secretHint(editing: EnvironmentDetail | null): string {
  if (!editing) return 'Stored encrypted; the console only ever shows it masked.'
  const s = editing.clientSecret
  if (!s.present) return 'None stored yet.'
  if (!s.readable) return s.problem ?? 'The stored secret cannot be read.'
  return `Stored: ${s.masked} (#${s.fingerprint}). Leave empty to keep it.`
}
