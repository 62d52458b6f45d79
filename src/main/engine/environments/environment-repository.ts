import { randomBytes } from 'node:crypto'
import type {
  EnvironmentDetail,
  EnvironmentList,
  EnvironmentSettings,
  EnvironmentSummary,
  EnvironmentValidation,
  NetworkSecretsChange,
  StorageProblem,
} from '../../../shared/contract'
import { ConsoleError } from '../core/console-error'
import type { EventBus } from '../core/event-bus'
import type { EnvironmentProvider, EnvironmentReadOptions, ResolvedEnvironment } from '../core/ports'
import type { SecretCipher } from '../vault/secret-cipher'
import { endpointChanges } from './endpoint-changes'
import { applyOverrides, type EnvironmentOverrides } from './environment-overrides'
import { BUILTIN_ID, type EnvironmentRecord, effectivePaths, hostBase, settingsOf } from './environment-record'
import type { EnvironmentSecrets } from './environment-secrets'
import type { EnvironmentStore } from './environment-store'
import { toDetail, toSummary } from './environment-view'
import { type BuiltinSandboxInfo, builtinRecord, recordFromSettings, recordFromStored, recordToStored } from './record-conversion'
import { previewSettings } from './settings-preview'
import { requireStorageConsent, tokenPersistenceOf } from './storage-policy'
import { assertValidSettings } from './validate-settings'

interface EnvironmentRepositoryDeps {
  store: EnvironmentStore
  /** The environments' secrets over the vault. */
  secrets: EnvironmentSecrets
  cipher: SecretCipher
  bus: EventBus
  sandbox: BuiltinSandboxInfo | null
  now?: () => Date
  /** A command line's settings for this run, over every environment (never saved). */
  overrides?: EnvironmentOverrides
}

/**
 * Owns the environments' records: the built-in sandbox (listed first, fixed) and the user's own (settings in
 * environments.json), their CRUD, the storage policy and the change events. Implements EnvironmentProvider for the
 * rest of the engine. Every change is validated first, persisted atomically, and announced as `environments:changed`;
 * secrets go through `secrets` (EnvironmentSecrets) and never leave except through `revealSecret`.
 */
export class EnvironmentRepository implements EnvironmentProvider {
  private readonly now: () => Date
  private readonly removedListeners = new Set<(id: string) => void | Promise<void>>()
  private readonly endpointListeners = new Set<(id: string) => void | Promise<void>>()

  readonly secrets: EnvironmentSecrets

  constructor(private readonly deps: EnvironmentRepositoryDeps) {
    this.now = deps.now ?? (() => new Date())
    this.secrets = deps.secrets
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
      clientSecret: secrets ? this.secrets.clientSecret(record) : '',
      redirectUri: record.redirectUri,
      paths: effectivePaths(record),
    }
    if (record.production) resolved.production = true
    if (record.sandboxAdmin) resolved.sandboxAdmin = { ...record.sandboxAdmin }
    if (secrets) resolved.network = this.secrets.network(record)
    resolved.oauth = { tokenBody: record.tokenBody, authorizeParams: { ...record.authorizeParams } }
    return resolved
  }

  detail(id: string): EnvironmentDetail {
    const record = this.record(id)
    return toDetail(record, this.secrets.clientSecretState(record), this.secrets.networkState(record))
  }

  /** Every environment with details, the storage backend and every storage problem found at start. */
  listDetailed(): EnvironmentList {
    const info = this.deps.cipher.info
    return {
      environments: this.records().map(r => toDetail(r, this.secrets.clientSecretState(r), this.secrets.networkState(r))),
      activeId: this.activeId(),
      storage: { ...info, vaultFile: this.secrets.vaultPath, environmentsFile: this.deps.store.path },
      problems: this.problems(),
    }
  }

  /** Every storage problem found at start: the environments file's, the vault's, and client secrets the vault lacks. */
  problems(): StorageProblem[] {
    return [...this.deps.store.problems(), ...this.secrets.problems(this.records())]
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
    if (clientSecret !== undefined) await this.secrets.setClientSecret(id, clientSecret)
    await this.secrets.applyNetwork(id, networkSecrets)
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
      await this.secrets.setClientSecret(id, clientSecret)
      next.hasClientSecret = true
    } else if (clientSecret === null || (moved && record.hasClientSecret)) {
      await this.secrets.deleteClientSecret(id)
      next.hasClientSecret = false
    }
    await this.secrets.applyNetwork(id, networkSecrets)
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
    const withSecret = source.builtIn ? Boolean(this.deps.sandbox?.client.clientSecret) : this.secrets.hasReadableClientSecret(id)
    const secret = withSecret ? this.secrets.clientSecret(source) : undefined
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
    await this.secrets.deleteAll(id)
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
    return { id, value: this.secrets.clientSecret(this.record(id)) }
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
    this.deps.bus.emit('environments:changed', { reason, id, environments: this.records().map(toSummary), activeId: this.activeId() })
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
    await this.secrets.flush()
  }
}

function hasNewSecret(change: NetworkSecretsChange | undefined): boolean {
  return Boolean(change && Object.values(change).some(v => typeof v === 'string'))
}
