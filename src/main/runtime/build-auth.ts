import { join } from 'node:path'
import type { EventBus } from '../engine/core/event-bus'
import type { SendHttp } from '../engine/core/ports'
import type { SecretRegistry } from '../engine/core/secret-registry'
import type { EnvironmentOverrides } from '../engine/environments/environment-overrides'
import { EnvironmentRepository } from '../engine/environments/environment-repository'
import { EnvironmentSecrets } from '../engine/environments/environment-secrets'
import { EnvironmentStore } from '../engine/environments/environment-store'
import type { EmbeddedWindowOpener } from '../engine/oauth/embedded-window-port'
import { OAuthFlowService } from '../engine/oauth/oauth-flow-service'
import { TokenClient } from '../engine/oauth/token-client'
import { TokenService } from '../engine/oauth/token-service'
import { SandboxControl } from '../engine/sandbox-control/sandbox-control'
import type { SecretCipher } from '../engine/vault/secret-cipher'
import { Vault } from '../engine/vault/vault'
import type { EmbeddedSandbox } from './embedded-sandbox'

/** File names in the data folder (documented in docs/auth.md). */
const ENVIRONMENTS_FILE = 'environments.json'
const VAULT_FILE = 'vault.json'

interface AuthDeps {
  dataDir: string
  cipher: SecretCipher
  secrets: SecretRegistry
  bus: EventBus
  sandbox: EmbeddedSandbox | null
  /** The HTTP client's sender: token, refresh and operator calls show (redacted) in the network log. */
  send: SendHttp
  openExternal?: (url: string) => Promise<void>
  embeddedWindow?: EmbeddedWindowOpener
  /** A command line's network and OAuth settings over every environment for this run (never saved). */
  overrides?: EnvironmentOverrides
  /** A temporary run: the vault and environments.json stay in memory (see CoreOptions.temporary). */
  inMemory?: boolean
}

/** The auth part, built: tokens, the OAuth flow, the sandbox controls (over the environments built with it). */
export interface AuthPart {
  tokens: TokenService
  flows: OAuthFlowService
  control: SandboxControl
  close(): Promise<void>
}

/**
 * Builds the auth part in dependency order: the vault and the environments (built-in sandbox first), then the token
 * service over the token client (which sends through the HTTP client), then the OAuth flow and the sandbox controls.
 */
export async function buildAuth(d: AuthDeps): Promise<{ environments: EnvironmentRepository; auth: AuthPart }> {
  const vault = await Vault.open(join(d.dataDir, VAULT_FILE), d.cipher, {
    onSecret: (key, value) => {
      if (key.endsWith(':client_secret')) d.secrets.add(value, 'client_secret')
    },
    inMemory: d.inMemory,
  })
  const store = await EnvironmentStore.open(join(d.dataDir, ENVIRONMENTS_FILE), undefined, { inMemory: d.inMemory })
  const environments = new EnvironmentRepository({
    store,
    secrets: new EnvironmentSecrets({ vault, secrets: d.secrets, sandbox: d.sandbox, overrides: d.overrides }),
    cipher: d.cipher,
    bus: d.bus,
    sandbox: d.sandbox,
    overrides: d.overrides,
  })
  const client = new TokenClient({ send: d.send, secrets: d.secrets })
  const tokens = new TokenService({ vault, secrets: d.secrets, bus: d.bus, environments, client })
  tokens.loadFromVault()
  const flows = new OAuthFlowService({
    environments,
    tokens,
    client,
    secrets: d.secrets,
    bus: d.bus,
    openExternal: d.openExternal,
    embedded: d.embeddedWindow,
  })
  environments.onRemoved(async id => {
    await flows.forgetEnvironment(id)
    await tokens.forget(id, 'environment-deleted')
  })
  environments.onEndpointsChanged(async id => {
    await flows.forgetEnvironment(id)
    await tokens.forget(id, 'endpoints-changed')
  })
  const control = new SandboxControl({
    active: () => {
      const id = environments.activeId()
      return id ? environments.record(id) : null
    },
    currentTokens: envId => tokens.current(envId),
    markExpired: (envId, trigger) => tokens.markExpired(envId, trigger),
    observeServerTime: (envId, at) => tokens.observeServerTime(envId, at),
    send: d.send,
    secrets: d.secrets,
    bus: d.bus,
  })
  const auth: AuthPart = {
    tokens,
    flows,
    control,
    async close() {
      await flows.close()
      tokens.close()
      await environments.flush()
    },
  }
  return { environments, auth }
}
