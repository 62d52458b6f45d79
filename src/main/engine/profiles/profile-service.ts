import { randomBytes } from 'node:crypto'
import type {
  EnvironmentDetail,
  EnvironmentList,
  EnvironmentSettings,
  EnvironmentSummary,
  EnvironmentValidation,
  MaskedSecret,
  NetworkSecretsChange,
  StorageProblem,
} from '../../../shared/contract'
import { ConsoleError } from '../core/console-error'
import type { EventBus } from '../core/event-bus'
import type { EnvironmentProvider, EnvironmentReadOptions, ResolvedEnvironment, ResolvedNetwork } from '../core/ports'
import type { SecretRegistry } from '../core/secret-registry'
import { maskSecret } from '../vault/mask'
import type { SecretCipher } from '../vault/secret-cipher'
import { clientSecretKey, networkSecretKey, type Vault } from '../vault/vault'
import { applyOverrides, type EnvironmentOverrides } from './environment-overrides'
import { BUILTIN_ID, type EnvironmentRecord, effectivePaths, hostBase, settingsOf } from './environment-record'
import type { EnvironmentStore } from './environment-store'
import { toDetail, toSummary } from './environment-view'
import { type BuiltinSandboxInfo, builtinRecord, recordFromSettings, recordFromStored, recordToStored } from './record-conversion'
import { requireStorageConsent, tokenPersistenceOf } from './storage-policy'
import { previewSettings } from './settings-preview'
import { assertValidSettings } from './validate-settings'
import { endpointChanges } from './endpoint-changes'

export interface ProfileServiceDeps {
  store: EnvironmentStore
  vault: Vault
  cipher: SecretCipher
  secrets: SecretRegistry
  bus: EventBus
  sandbox: BuiltinSandboxInfo | null
  now?: () => Date
  /** A command line's settings for this run, over every environment (never saved). */
  overrides?: EnvironmentOverrides
}

/**
 * Owns the environments: the built-in sandbox (listed first, fixed, secret in memory) and the user's own (settings in
 * environments.json, client secret in the vault). Implements EnvironmentProvider for the rest of the engine. Every
 * change is validated first, persisted atomically, and announced as `env:changed`; secrets are registered for
 * redaction the moment they are known and never leave except through `revealSecret`.
 */
export class ProfileService implements EnvironmentProvider {
  private readonly now: () => Date
  private readonly removedListeners = new Set<(id: string) => void | Promise<void>>()
  private readonly endpointListeners = new Set<(id: string) => void | Promise<void>>()

  constructor(private readonly deps: ProfileServiceDeps) {
    this.now = deps.now ?? (() => new Date())
  }

  /** Every environment, the built-in one first. */
  records(raw = false): EnvironmentRecord[] {
    const out: EnvironmentRecord[] = []
    if (this.deps.sandbox) out.push(builtinRecord(this.deps.sandbox, this.deps.store.builtin))
    for (const e of this.deps.store.list()) out.push(recordFromStored(e))
    return this.deps.overrides && !raw ? out.map(r => applyOverrides(r, this.deps.overrides)) : out
  }

  /** One environment, or ConsoleError('not_found') naming it. */
  record(id: string): EnvironmentRecord {
    const found = this.records().find(r => r.id === id)
    if (!found) {
      throw new ConsoleError('not_found', `There is no environment with id "${id}".`, {
        hint: 'It may have been deleted in another window. Choose an environment from the list.',
      })
    }
    return found
  }

  /** The active environment's id: the chosen one if it still exists, else the built-in sandbox, else the first. */
  activeId(): string | null {
    const records = this.records()
    const chosen = this.deps.store.activeId
    if (chosen && records.some(r => r.id === chosen)) return chosen
    return records[0]?.id ?? null
  }

  /** The given environment id, or the active one; ConsoleError('not_found') when neither exists. */
  resolveId(id?: string): string {
    if (id !== undefined) return this.record(id).id
    const active = this.activeId()
    if (!active) {
      throw new ConsoleError('not_found', 'No environment is active.', {
        hint: 'Create an environment (Environments → New) or start the console with its built-in sandbox.',
      })
    }
    return active
  }

  async list(): Promise<{ environments: EnvironmentSummary[]; activeId: string | null }> {
    return { environments: this.records().map(toSummary), activeId: this.activeId() }
  }

  async active(options: EnvironmentReadOptions = {}): Promise<ResolvedEnvironment> {
    return this.get(this.resolveId(), options)
  }

  async get(id: string, options: EnvironmentReadOptions = {}): Promise<ResolvedEnvironment> {
    const record = this.record(id)
    const secrets = options.secrets !== false
    const resolved: ResolvedEnvironment = {
      id: record.id,
      name: record.name,
      builtIn: record.builtIn,
      authUrl: hostBase(record.authUrl),
      baseUrl: hostBase(record.baseUrl),
      clientId: record.clientId,
      clientSecret: secrets ? this.secretFor(record) : '',
      redirectUri: record.redirectUri,
      paths: effectivePaths(record),
    }
    if (record.production) resolved.production = true
    if (record.sandboxAdmin) resolved.sandboxAdmin = { ...record.sandboxAdmin }
    if (secrets) resolved.network = this.networkFor(record)
    resolved.oauth = { tokenBody: record.tokenBody, authorizeParams: { ...record.authorizeParams } }
    return resolved
  }

  /** The network settings with their vault secrets (registered for redaction), or a ConsoleError naming what is missing. */
  networkFor(record: EnvironmentRecord): ResolvedNetwork {
    const n = record.network
    const secret = (what: 'proxy_password' | 'client_key' | 'client_cert_passphrase', label: string) => {
      if (what === 'proxy_password' && this.deps.overrides?.proxyUrl) return this.deps.overrides.proxyPassword
      if (record.builtIn) return undefined
      const value = this.deps.vault.get(networkSecretKey(record.id, what))
      if (value !== undefined) this.deps.secrets.add(value, label)
      return value
    }
    const network: ResolvedNetwork = {
      caFiles: [...(n.caFiles ?? [])],
      systemCa: n.systemCa ?? false,
      proxy: {
        mode: n.proxyMode ?? 'env',
        url: n.proxyUrl,
        username: n.proxyUsername,
        password: secret('proxy_password', 'proxy_password'),
        noProxy: n.noProxy,
      },
    }
    if (record.builtIn && this.deps.sandbox?.tls) {
      network.extraCas = [{ label: `built-in sandbox CA (${this.deps.sandbox.tls.caFile})`, pem: this.deps.sandbox.tls.caPem }]
    }
    if (n.clientCertKind && n.clientCertFile) {
      const passphrase = secret('client_cert_passphrase', 'client_cert_passphrase')
      if (n.clientCertKind === 'pkcs12') {
        network.clientCert = { kind: 'pkcs12', file: n.clientCertFile, passphrase }
      } else {
        const key = secret('client_key', 'client_key')
        if (!key) {
          throw new ConsoleError('invalid_request', `The client certificate of "${record.name}" has no private key in the vault.`, {
            hint: 'Paste the private key (PEM) in Environments → Edit → Network → Client certificate key.',
          })
        }
        network.clientCert = { kind: 'pem', certFile: n.clientCertFile, key, passphrase }
      }
    }
    return network
  }

  /** The network secrets as the renderer may see them: masked. */
  networkSecretsState(record: EnvironmentRecord): EnvironmentDetail['networkSecrets'] {
    const state = (what: 'proxy_password' | 'client_key' | 'client_cert_passphrase'): MaskedSecret => {
      const value = record.builtIn ? undefined : this.deps.vault.get(networkSecretKey(record.id, what))
      if (value === undefined) return { present: false, readable: true, masked: null, fingerprint: null }
      const masked = maskSecret(value)
      // A PEM key's first characters are its header: show the fingerprint only.
      return { present: true, readable: true, ...masked, masked: what === 'client_key' ? '(PEM private key)' : masked.masked }
    }
    return { proxyPassword: state('proxy_password'), clientKey: state('client_key'), clientCertPassphrase: state('client_cert_passphrase') }
  }

  /** Stores, replaces or removes the network secrets of an environment (string sets, null removes, absent keeps). */
  private async applyNetworkSecrets(id: string, change: NetworkSecretsChange | undefined): Promise<void> {
    if (!change) return
    const pairs = [
      ['proxy_password', change.proxyPassword],
      ['client_key', change.clientKey],
      ['client_cert_passphrase', change.clientCertPassphrase],
    ] as const
    for (const [what, value] of pairs) {
      if (typeof value === 'string') {
        this.deps.secrets.add(value, what)
        await this.deps.vault.set(networkSecretKey(id, what), value)
      } else if (value === null) {
        await this.deps.vault.delete(networkSecretKey(id, what))
      }
    }
  }

  /** The client secret in plain text (engine use only), or a ConsoleError saying why it is unavailable. */
  secretFor(record: EnvironmentRecord): string {
    if (record.builtIn) return this.deps.sandbox?.client.clientSecret ?? ''
    const value = this.deps.vault.get(clientSecretKey(record.id))
    if (value !== undefined) {
      this.deps.secrets.add(value, 'client_secret')
      return value
    }
    if (record.hasClientSecret) {
      throw new ConsoleError('storage', `The client secret of "${record.name}" is missing from the vault.`, {
        hint: this.deps.vault.fileWasUnreadable
          ? 'The vault file was unreadable at start and was moved aside (see the storage problems). Enter the client secret again.'
          : 'Enter the client secret again (Environments → Edit).',
      })
    }
    throw new ConsoleError('invalid_request', `The environment "${record.name}" has no client secret.`, {
      hint: 'Enter the client secret issued at onboarding (Environments → Edit): token requests and signatures need it.',
    })
  }

  /** The secret as the renderer may see it. */
  secretState(record: EnvironmentRecord): MaskedSecret {
    try {
      const value = this.secretFor(record)
      return { present: true, readable: true, ...maskSecret(value) }
    } catch (error) {
      const e = error as ConsoleError
      if (e.code === 'invalid_request') return { present: false, readable: true, masked: null, fingerprint: null }
      return { present: true, readable: false, masked: null, fingerprint: null, problem: `${e.message} ${e.hint ?? ''}`.trim() }
    }
  }

  detail(id: string): EnvironmentDetail {
    const record = this.record(id)
    return toDetail(record, this.secretState(record), this.networkSecretsState(record))
  }

  /** Every environment with details, the storage backend and every storage problem found at start. */
  listDetailed(): EnvironmentList {
    const info = this.deps.cipher.info
    return {
      environments: this.records().map(r => toDetail(r, this.secretState(r), this.networkSecretsState(r))),
      activeId: this.activeId(),
      storage: { ...info, vaultFile: this.deps.vault.path, environmentsFile: this.deps.store.path },
      problems: this.problems(),
    }
  }

  problems(): StorageProblem[] {
    const out = [...this.deps.store.problems(), ...this.deps.vault.problems()]
    for (const r of this.records()) {
      if (r.builtIn || !r.hasClientSecret || this.deps.vault.has(clientSecretKey(r.id))) continue
      out.push({
        kind: 'secret-missing',
        file: this.deps.vault.path,
        environmentId: r.id,
        message: `The client secret of "${r.name}" is missing from the vault.`,
        hint: 'Enter it again (Environments → Edit).',
      })
    }
    return out
  }

  /** Checks settings without saving: issues, warnings, the redirect as sent and a preview of the authorize URL. */
  validate(settings: EnvironmentSettings): EnvironmentValidation {
    return previewSettings(settings)
  }

  /** Creates a user environment (and makes it active when it is the first one of its kind to exist). */
  async create(
    settings: EnvironmentSettings,
    clientSecret?: string,
    accept?: boolean,
    networkSecrets?: NetworkSecretsChange,
  ): Promise<EnvironmentDetail> {
    return this.createAs('created', settings, clientSecret, accept, networkSecrets)
  }

  private async createAs(
    reason: 'created' | 'duplicated',
    settings: EnvironmentSettings,
    clientSecret?: string,
    accept?: boolean,
    networkSecrets?: NetworkSecretsChange,
  ): Promise<EnvironmentDetail> {
    assertValidSettings(settings)
    this.assertNameFree(settings.name)
    if (clientSecret !== undefined) this.requireStorageConsent(accept, 'the client secret')
    if (hasNewSecret(networkSecrets)) this.requireStorageConsent(accept, 'the network secrets')
    const id = `env_${randomBytes(6).toString('hex')}`
    const now = this.now().toISOString()
    const record = recordFromSettings(id, settings, clientSecret !== undefined, now, now)
    record.unprotectedStorageAccepted = !this.deps.cipher.info.protected && accept === true
    if (clientSecret !== undefined) {
      this.deps.secrets.add(clientSecret, 'client_secret')
      await this.deps.vault.set(clientSecretKey(id), clientSecret)
    }
    await this.applyNetworkSecrets(id, networkSecrets)
    await this.deps.store.put(this.stored(record))
    this.changed(reason, id)
    return this.detail(id)
  }

  /** Changes settings and/or the secret (null removes it). The built-in accepts flow settings only. */
  async update(
    id: string,
    changes: Partial<EnvironmentSettings>,
    clientSecret?: string | null,
    accept?: boolean,
    networkSecrets?: NetworkSecretsChange,
  ): Promise<EnvironmentDetail> {
    // As stored: a command line's overrides must not be saved into the environment.
    const record = this.records(true).find(r => r.id === id) ?? this.record(id)
    if (record.builtIn) {
      if (networkSecrets) {
        throw new ConsoleError('forbidden', "The built-in sandbox's network settings cannot be changed.", {
          hint: 'It runs in-process on loopback, directly. Duplicate it to get an environment you can edit.',
        })
      }
      return this.updateBuiltin(changes, clientSecret)
    }
    const settings = { ...settingsOf(record), ...changes }
    assertValidSettings(settings)
    const moved = endpointChanges(settingsOf(record), settings).length > 0
    if (changes.name !== undefined) this.assertNameFree(changes.name, id)
    if (typeof clientSecret === 'string') this.requireStorageConsent(accept, 'the client secret')
    if (hasNewSecret(networkSecrets)) this.requireStorageConsent(accept, 'the network secrets')
    const next = recordFromSettings(id, settings, record.hasClientSecret, record.createdAt, this.now().toISOString())
    next.unprotectedStorageAccepted = record.unprotectedStorageAccepted || (!this.deps.cipher.info.protected && accept === true)
    if (moved) {
      // The addresses credentials go to changed: the tokens are dropped, and the secret unless a new one comes with
      // this change (docs/security.md: an import cannot redirect credentials).
      for (const listener of this.endpointListeners) await listener(id)
    }
    if (typeof clientSecret === 'string') {
      this.deps.secrets.add(clientSecret, 'client_secret')
      await this.deps.vault.set(clientSecretKey(id), clientSecret)
      next.hasClientSecret = true
    } else if (clientSecret === null || (moved && record.hasClientSecret)) {
      await this.deps.vault.delete(clientSecretKey(id))
      next.hasClientSecret = false
    }
    await this.applyNetworkSecrets(id, networkSecrets)
    await this.deps.store.put(this.stored(next))
    this.changed('updated', id)
    return this.detail(id)
  }

  private async updateBuiltin(changes: Partial<EnvironmentSettings>, clientSecret?: string | null): Promise<EnvironmentDetail> {
    const fixed = Object.keys(changes).filter(k => !['catchMode', 'pkce', 'callbackTimeoutSeconds', 'requireStateEcho'].includes(k))
    if (fixed.length > 0 || clientSecret !== undefined) {
      throw new ConsoleError(
        'forbidden',
        `The built-in sandbox's ${[...fixed, ...(clientSecret !== undefined ? ['clientSecret'] : [])].join(', ')} cannot be changed.`,
        {
          hint: 'Its addresses and credentials are set at every launch. Duplicate it to get an environment you can edit.',
        },
      )
    }
    await this.deps.store.setBuiltin({ ...this.deps.store.builtin, ...changes })
    this.changed('updated', BUILTIN_ID)
    return this.detail(BUILTIN_ID)
  }

  /**
   * Copies an environment under a new name, its client secret included: a copy of the built-in sandbox keeps the
   * sandbox's secret of this launch (its addresses are this launch's too), so its HMAC calls sign as the original does.
   */
  async duplicate(id: string, name?: string, accept?: boolean): Promise<EnvironmentDetail> {
    const source = this.record(id)
    const newName = name ?? this.freeName(`${source.name} (copy)`)
    const stored = this.deps.vault.has(clientSecretKey(id)) && !this.deps.vault.isUnreadable(clientSecretKey(id))
    const withSecret = source.builtIn ? Boolean(this.deps.sandbox?.client.clientSecret) : stored
    const secret = withSecret ? this.secretFor(source) : undefined
    return this.createAs('duplicated', { ...settingsOf(source), name: newName }, secret, accept)
  }

  /** Deletes a user environment with its secret and tokens. The built-in one cannot be deleted. */
  async remove(id: string): Promise<{ deleted: string; activeId: string | null }> {
    const record = this.record(id)
    if (record.builtIn) {
      throw new ConsoleError('forbidden', 'The built-in sandbox environment cannot be deleted.', {
        hint: 'Start the console with --no-sandbox to run without it.',
      })
    }
    for (const listener of this.removedListeners) await listener(id)
    await this.deps.vault.deleteWhere(k => k.startsWith(`env:${id}:`))
    await this.deps.store.remove(id)
    this.changed('deleted', id)
    return { deleted: id, activeId: this.activeId() }
  }

  async setActive(id: string): Promise<{ activeId: string }> {
    this.record(id)
    await this.deps.store.setActive(id)
    this.changed('activated', id)
    return { activeId: id }
  }

  /** The plain secret, for an explicit reveal/copy by the user. */
  revealSecret(id: string): { id: string; value: string } {
    return { id, value: this.secretFor(this.record(id)) }
  }

  /** Whether tokens of this environment may be written to the vault, and why not when they may not. */
  tokenPersistence(id: string): { persist: boolean; note: string | null } {
    return tokenPersistenceOf(this.record(id), this.deps.cipher.info)
  }

  /** Records that the user agreed to unprotected storage for this environment (asked by the UI first). */
  async acceptUnprotectedStorage(id: string): Promise<void> {
    const record = this.record(id)
    if (record.builtIn || record.unprotectedStorageAccepted || this.deps.cipher.info.protected) return
    await this.deps.store.put(this.stored({ ...record, unprotectedStorageAccepted: true }))
  }

  /** Runs before an environment's records are deleted (the OAuth service drops its tokens and flow). */
  onRemoved(listener: (id: string) => void | Promise<void>): void {
    this.removedListeners.add(listener)
  }

  /** Called when an edit or an import changes an environment's auth_url, base_url or a path: drop its tokens. */
  onEndpointsChanged(listener: (id: string) => void | Promise<void>): void {
    this.endpointListeners.add(listener)
  }

  /** Refuses to store a secret with an unprotected backend unless the request carried the user's consent. */
  requireStorageConsent(accept: boolean | undefined, what: string): void {
    requireStorageConsent(this.deps.cipher.info, accept, what)
  }

  /** A name not used by any environment, derived from `base`. */
  freeName(base: string): string {
    const taken = new Set(this.records().map(r => r.name.toLowerCase()))
    if (!taken.has(base.toLowerCase())) return base
    for (let i = 2; ; i++) if (!taken.has(`${base} ${i}`.toLowerCase())) return `${base} ${i}`
  }

  /** Announces a change of the environment list. */
  changed(reason: 'created' | 'updated' | 'duplicated' | 'deleted' | 'activated' | 'imported' | 'loaded', id: string | null): void {
    this.deps.bus.emit('env:changed', { reason, id, environments: this.records().map(toSummary), activeId: this.activeId() })
  }

  private assertNameFree(name: string, exceptId?: string): void {
    if (this.records().some(r => r.id !== exceptId && r.name.toLowerCase() === name.toLowerCase())) {
      throw new ConsoleError('conflict', `An environment named "${name}" already exists.`, { hint: 'Choose another name.' })
    }
  }

  private stored(record: EnvironmentRecord) {
    return recordToStored(record, this.now().toISOString())
  }

  /** Waits for pending writes of the environments file and the vault. */
  async flush(): Promise<void> {
    await this.deps.store.flush()
    await this.deps.vault.flush()
  }
}

function hasNewSecret(change: NetworkSecretsChange | undefined): boolean {
  return Boolean(change && Object.values(change).some(v => typeof v === 'string'))
}
