import { join } from 'node:path'
import { registerEnvHandlers } from '../bridge/handlers/env-handlers'
import { registerOAuthHandlers } from '../bridge/handlers/oauth-handlers'
import { registerSandboxHandlers } from '../bridge/handlers/sandbox-handlers'
import { createHttpSender } from '../engine/oauth/http-sender'
import { OAuthFlowService } from '../engine/oauth/oauth-flow-service'
import { TokenClient } from '../engine/oauth/token-client'
import { TokenService } from '../engine/oauth/token-service'
import { EnvironmentStore } from '../engine/profiles/environment-store'
import { ProfileService } from '../engine/profiles/profile-service'
import { SandboxControl } from '../engine/sandbox-control/sandbox-control'
import { Vault } from '../engine/vault/vault'
import type { RuntimeContext } from './runtime-context'

/** File names in the data folder (documented in docs/auth.md). */
export const ENVIRONMENTS_FILE = 'environments.json'
export const VAULT_FILE = 'vault.json'

/**
 * Builds the auth part of the engine: the vault, the environments (built-in sandbox first), the token service
 * (ctx.services.tokens) and environment provider (ctx.services.environments), the OAuth flow and the sandbox
 * controls, then registers the `env:*`, `oauth:*` and `sandbox:*` handlers. Token and operator calls go through
 * ctx.services.sendHttp when the requests part provides it, looked up at call time.
 */
export async function wireAuth(ctx: RuntimeContext): Promise<void> {
  const vault = await Vault.open(join(ctx.dataDir, VAULT_FILE), ctx.cipher, {
    onSecret: (key, value) => {
      if (key.endsWith(':client_secret')) ctx.secrets.add(value, 'client_secret')
    },
  })
  const store = await EnvironmentStore.open(join(ctx.dataDir, ENVIRONMENTS_FILE))
  const profiles = new ProfileService({ store, vault, cipher: ctx.cipher, secrets: ctx.secrets, bus: ctx.bus, sandbox: ctx.sandbox })
  const send = createHttpSender(() => ctx.services.sendHttp)
  const client = new TokenClient({ send, secrets: ctx.secrets })
  const tokens = new TokenService({ vault, secrets: ctx.secrets, bus: ctx.bus, environments: profiles, client })
  tokens.loadFromVault()
  const flows = new OAuthFlowService({
    profiles,
    tokens,
    client,
    secrets: ctx.secrets,
    bus: ctx.bus,
    openExternal: ctx.openExternal,
    embedded: ctx.embeddedWindow,
  })
  profiles.onRemoved(async id => {
    await flows.forgetEnvironment(id)
    await tokens.forget(id, 'environment-deleted')
  })
  const control = new SandboxControl({
    active: () => {
      const id = profiles.activeId()
      return id ? profiles.record(id) : null
    },
    currentTokens: envId => tokens.current(envId),
    markExpired: (envId, trigger) => tokens.markExpired(envId, trigger),
    observeServerTime: (envId, at) => tokens.observeServerTime(envId, at),
    send,
    secrets: ctx.secrets,
    bus: ctx.bus,
  })

  ctx.services.environments = profiles
  ctx.services.tokens = tokens
  registerEnvHandlers(ctx.registry, { profiles })
  registerOAuthHandlers(ctx.registry, { profiles, flows, tokens })
  registerSandboxHandlers(ctx.registry, { control })
  ctx.closers.push(async () => {
    await flows.close()
    tokens.close()
    await profiles.flush()
  })
}
