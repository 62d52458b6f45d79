import pkg from '../../../package.json' with { type: 'json' }
import { HandlerRegistry } from '../bridge/registry'
import { EventBus } from '../engine/core/event-bus'
import { SecretRegistry } from '../engine/core/secret-registry'
import type { EnvironmentOverrides } from '../engine/environments/environment-overrides'
import type { EnvironmentRepository } from '../engine/environments/environment-repository'
import { sentSignatureLedger } from '../engine/http/folder-signatures'
import type { EmbeddedWindowOpener } from '../engine/oauth/embedded-window-port'
import { PresenterMode } from '../engine/presenter/presenter-mode'
import { loadQuotaConfig } from '../engine/quota/quota-config-store'
import { ClockSkewEstimator } from '../engine/signing/clock-skew'
import { signingTimestamp } from '../engine/signing/signing-timestamp'
import type { SecretCipher } from '../engine/vault/secret-cipher'
import { type AuthPart, buildAuth } from './build-auth'
import { type EmbeddedSandbox, startEmbeddedSandbox } from './embedded-sandbox'
import { createExecutorPart, type ExecutorPart } from './executor-part'
import { createHttpClient, type HttpClientLayer } from './http-client-layer'

export interface CoreOptions {
  dataDir: string
  cipher: SecretCipher
  /** Start the built-in sandbox (default true). */
  sandbox?: boolean
  sandboxPort?: number
  /** A command line's network and OAuth settings over every environment for this run (`--ca`, `--proxy`, …). */
  overrides?: EnvironmentOverrides
  /** Serve the built-in sandbox over HTTPS from the console's local CA (default: PARTNER_CONSOLE_SANDBOX_TLS=1). */
  sandboxTls?: boolean
  /** More clients for the built-in sandbox (`capture --sandbox --client ID:SECRET:URI`). */
  sandboxClients?: Array<{ clientId: string; clientSecret: string; redirectUris: string[] }>
  /** Let the built-in sandbox answer authorize requests itself (headless runs such as `walkthrough`). */
  sandboxAutoConsent?: 'allow' | 'deny'
  /** Opens a URL in the system browser (Electron: shell.openExternal). Absent in the web host: the page opens it. */
  openExternal?: (url: string) => Promise<void>
  /** Opens the embedded authorization window (Electron: src/main/electron/embedded-auth-window.ts). */
  embeddedWindow?: EmbeddedWindowOpener
  /** Start in presenter mode (`web --presenter`): credentials masked everywhere, reveals refused. */
  presenter?: boolean
  /**
   * The data folder lives only for this run (CLI --sandbox or flags: deleted when it ends): environments and the vault
   * are kept in memory, never written, encrypted to disk or flushed with fsync. Default false.
   */
  temporary?: boolean
}

/** The parts every transport and every command sends through, built; `closeAll` stops them last-in first-out. */
export interface Core {
  secrets: SecretRegistry
  bus: EventBus
  registry: HandlerRegistry
  presenter: PresenterMode
  sandbox: EmbeddedSandbox | null
  /** The server clock estimate (signing reads it; the HTTP client feeds it). */
  skew: ClockSkewEstimator
  layer: HttpClientLayer
  environments: EnvironmentRepository
  auth: AuthPart
  executor: ExecutorPart
  /** Adds a part's stop to the ones `closeAll` runs (in reverse order of adding). */
  onClose(close: () => Promise<void> | void): void
  closeAll(): Promise<void>
}

/**
 * The first half of the composition root, shared by the full runtime (create-runtime.ts) and the walkthrough's lean
 * one (walk-runtime.ts): the secret registry, the bus and the handler registry, the built-in sandbox (its code loaded
 * only when it starts), then the HTTP client, the environments over the vault, the tokens and the OAuth flow, and the
 * executor with the typed endpoints. Registers no handler. On failure, whatever was started is stopped again.
 */
export async function buildCore(options: CoreOptions): Promise<Core> {
  const secrets = new SecretRegistry()
  const bus = new EventBus(payload => secrets.redactDeep(payload))
  const registry = new HandlerRegistry(text => secrets.redact(text))
  const sandbox =
    options.sandbox === false
      ? null
      : await startEmbeddedSandbox({
          port: options.sandboxPort,
          autoConsent: options.sandboxAutoConsent,
          extraClients: options.sandboxClients,
          tlsDataDir: (options.sandboxTls ?? process.env.PARTNER_CONSOLE_SANDBOX_TLS === '1') ? options.dataDir : undefined,
        })
  if (options.overrides?.proxyPassword) secrets.add(options.overrides.proxyPassword, 'proxy_password')
  if (sandbox) {
    secrets.add(sandbox.client.clientSecret, 'client_secret')
    secrets.add(sandbox.adminToken, 'sandbox_admin_token')
    for (const client of options.sandboxClients ?? []) secrets.add(client.clientSecret, 'client_secret')
  }
  const presenter = new PresenterMode(
    { secrets, sandboxUrl: sandbox?.url ?? null, onChange: on => bus.emit('app:presenter', { presenter: on }) },
    options.presenter === true,
  )
  registry.intercept(presenter)
  bus.transformOutbound(message => presenter.event(message))
  const closers: Array<() => Promise<void> | void> = [() => sandbox?.close()]
  const closeAll = async () => {
    for (const close of closers.splice(0).reverse()) await close()
  }

  try {
    const skew = new ClockSkewEstimator()
    const quotaConfig = options.temporary
      ? undefined
      : await loadQuotaConfig(options.dataDir, message => process.stderr.write(`partner-console: ${message}\n`))
    const layer = createHttpClient({ bus, secrets, skew, quotaConfig })
    closers.push(() => layer.close())
    const { environments, auth } = await buildAuth({
      dataDir: options.dataDir,
      cipher: options.cipher,
      secrets,
      bus,
      sandbox,
      send: layer.client.send,
      openExternal: options.openExternal,
      embeddedWindow: options.embeddedWindow,
      overrides: options.overrides,
      inMemory: options.temporary === true,
    })
    closers.push(() => auth.close())
    const executor = createExecutorPart({
      layer,
      bus,
      secrets,
      environments,
      tokens: auth.tokens,
      signingTimestamp: () => signingTimestamp(skew),
      creator: { name: 'Partner API Console', version: pkg.version },
      // Every process of this user claims its signatures in one ledger (folder-signatures.ts), whatever its data folder.
      sentSignatures: sentSignatureLedger(options.dataDir),
    })
    return {
      secrets,
      bus,
      registry,
      presenter,
      sandbox,
      skew,
      layer,
      environments,
      auth,
      executor,
      onClose: close => closers.push(close),
      closeAll,
    }
  } catch (error) {
    await closeAll()
    throw error
  }
}
