import type { EnvironmentDetail, MaskedSecret, NetworkSecretsChange, StorageProblem } from '../../../shared/contract'
import { ConsoleError } from '../core/console-error'
import type { ResolvedNetwork } from '../core/ports'
import type { SecretRegistry } from '../core/secret-registry'
import { maskSecret } from '../vault/mask'
import { clientSecretKey, networkSecretKey, type Vault } from '../vault/vault'
import type { EnvironmentOverrides } from './environment-overrides'
import type { EnvironmentRecord } from './environment-record'
import type { BuiltinSandboxInfo } from './record-conversion'

interface EnvironmentSecretsDeps {
  vault: Vault
  secrets: SecretRegistry
  sandbox: BuiltinSandboxInfo | null
  /** A command line's settings for this run (its proxy password wins over the vault's). */
  overrides?: EnvironmentOverrides
}

type NetworkSecretName = 'proxy_password' | 'client_key' | 'client_cert_passphrase'

/**
 * The secrets of the environments over the vault: the client secret and the network secrets (proxy password, client
 * key, its passphrase). Every value read or stored is registered for redaction first; the renderer only ever gets
 * masked states from here.
 */
export class EnvironmentSecrets {
  constructor(private readonly deps: EnvironmentSecretsDeps) {}

  /** The vault file's path (shown with the storage details). */
  get vaultPath(): string {
    return this.deps.vault.path
  }

  /** The network settings with their vault secrets (registered for redaction), or a ConsoleError naming what is missing. */
  network(record: EnvironmentRecord): ResolvedNetwork {
    const n = record.network
    const secret = (what: NetworkSecretName, label: string) => {
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
  networkState(record: EnvironmentRecord): EnvironmentDetail['networkSecrets'] {
    const state = (what: NetworkSecretName): MaskedSecret => {
      const value = record.builtIn ? undefined : this.deps.vault.get(networkSecretKey(record.id, what))
      if (value === undefined) return { present: false, readable: true, masked: null, fingerprint: null }
      const masked = maskSecret(value)
      // A PEM key's first characters are its header: show the fingerprint only.
      return { present: true, readable: true, ...masked, masked: what === 'client_key' ? '(PEM private key)' : masked.masked }
    }
    return { proxyPassword: state('proxy_password'), clientKey: state('client_key'), clientCertPassphrase: state('client_cert_passphrase') }
  }

  /** Stores, replaces or removes the network secrets of an environment (string sets, null removes, absent keeps). */
  async applyNetwork(id: string, change: NetworkSecretsChange | undefined): Promise<void> {
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
  clientSecret(record: EnvironmentRecord): string {
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

  /** The client secret as the renderer may see it. */
  clientSecretState(record: EnvironmentRecord): MaskedSecret {
    try {
      const value = this.clientSecret(record)
      return { present: true, readable: true, ...maskSecret(value) }
    } catch (error) {
      const e = error as ConsoleError
      if (e.code === 'invalid_request') return { present: false, readable: true, masked: null, fingerprint: null }
      return { present: true, readable: false, masked: null, fingerprint: null, problem: `${e.message} ${e.hint ?? ''}`.trim() }
    }
  }

  /** Stores a client secret, registered for redaction before it is written. */
  async setClientSecret(id: string, value: string): Promise<void> {
    this.deps.secrets.add(value, 'client_secret')
    await this.deps.vault.set(clientSecretKey(id), value)
  }

  /** Removes an environment's client secret from the vault. */
  async deleteClientSecret(id: string): Promise<void> {
    await this.deps.vault.delete(clientSecretKey(id))
  }

  /** Whether the vault holds a client secret for this environment that it can read (a duplicate copies only that). */
  hasReadableClientSecret(id: string): boolean {
    return this.deps.vault.has(clientSecretKey(id)) && !this.deps.vault.isUnreadable(clientSecretKey(id))
  }

  /** Removes every secret of an environment (it is being deleted). */
  async deleteAll(id: string): Promise<void> {
    await this.deps.vault.deleteWhere(k => k.startsWith(`env:${id}:`))
  }

  /** The vault's problems found at start, and every environment that says it has a client secret the vault lacks. */
  problems(records: readonly EnvironmentRecord[]): StorageProblem[] {
    const out = [...this.deps.vault.problems()]
    for (const r of records) {
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

  /** Waits for pending writes of the vault. */
  async flush(): Promise<void> {
    await this.deps.vault.flush()
  }
}
