import { join } from 'node:path'
import type { AppInfo, TransportKind } from '../../shared/contract'
import { registerAppHandlers } from '../bridge/handlers/app-handlers'
import { HandlerRegistry } from '../bridge/registry'
import { EventBus } from '../engine/core/event-bus'
import { PresenterMode } from '../engine/presenter/presenter-mode'
import { SecretRegistry } from '../engine/core/secret-registry'
import type { EmbeddedWindowOpener } from '../engine/oauth/embedded-window-port'
import type { SecretCipher } from '../engine/vault/secret-cipher'
import { acquireDataFolderLock, type DataFolderLock } from './data-folder-lock'
import { type EmbeddedSandbox, startEmbeddedSandbox } from './embedded-sandbox'
import type { RuntimeContext } from './runtime-context'
import { wireAuth } from './wire-auth'
import { wireRequests } from './wire-requests'
import { wireSigning } from './wire-signing'

export interface RuntimeOptions {
  transport: TransportKind
  version: string
  dataDir: string
  cipher: SecretCipher
  /** Start the built-in sandbox (default true). */
  sandbox?: boolean
  sandboxPort?: number
  /** Serve the built-in sandbox over HTTPS from the console's local CA (default: PARTNER_CONSOLE_SANDBOX_TLS=1). */
  sandboxTls?: boolean
  /** Let the built-in sandbox answer authorize requests itself (headless runs such as `walkthrough`). */
  sandboxAutoConsent?: 'allow' | 'deny'
  heartbeatMs?: number
  /** Opens a URL in the system browser (Electron: shell.openExternal). Absent in the web host: the page opens it. */
  openExternal?: (url: string) => Promise<void>
  /** Opens the embedded authorization window (Electron: src/main/electron/embedded-auth-window.ts). */
  embeddedWindow?: EmbeddedWindowOpener
  /** Start in presenter mode (`web --presenter`): credentials masked everywhere, reveals refused. */
  presenter?: boolean
  /**
   * The data folder's lock, when the caller took it before touching the folder (a key-file cipher creates its key
   * there). Otherwise the runtime takes it. Either way the runtime releases it in `close()`.
   */
  dataFolderLock?: DataFolderLock
}

/** Everything a transport needs: the handlers to call, the events to forward, and a way to stop. */
export interface Runtime {
  readonly registry: HandlerRegistry
  readonly bus: EventBus
  readonly secrets: SecretRegistry
  readonly sandbox: EmbeddedSandbox | null
  readonly dataDir: string
  readonly context: RuntimeContext
  info(): Promise<AppInfo>
  close(): Promise<void>
}

/**
 * The composition root shared by the Electron app, the web host and the CLI: starts the built-in sandbox, builds the
 * engine around one event bus and one secret registry, and registers every bridge handler. It never imports
 * `electron`; Electron-only abilities come in as ports in the options.
 */
export async function createRuntime(options: RuntimeOptions): Promise<Runtime> {
  const lock =
    options.dataFolderLock ?? acquireDataFolderLock(options.dataDir, options.transport === 'electron' ? 'desktop app' : 'web host')
  try {
    return await startRuntime(options, lock)
  } catch (error) {
    lock.release()
    throw error
  }
}

async function startRuntime(options: RuntimeOptions, lock: DataFolderLock): Promise<Runtime> {
  const secrets = new SecretRegistry()
  const bus = new EventBus(payload => secrets.redactDeep(payload))
  const registry = new HandlerRegistry(text => secrets.redact(text))
  const startedAt = new Date()
  const sandbox =
    options.sandbox === false
      ? null
      : await startEmbeddedSandbox({
          port: options.sandboxPort,
          autoConsent: options.sandboxAutoConsent,
          tlsDataDir: (options.sandboxTls ?? process.env.PARTNER_CONSOLE_SANDBOX_TLS === '1') ? options.dataDir : undefined,
        })
  if (sandbox) {
    secrets.add(sandbox.client.clientSecret, 'client_secret')
    secrets.add(sandbox.adminToken, 'sandbox_admin_token')
  }
  const presenter = new PresenterMode(
    { secrets, sandboxUrl: sandbox?.url ?? null, onChange: on => bus.emit('app:presenter', { presenter: on }) },
    options.presenter === true,
  )
  registry.intercept(presenter)
  bus.transformOutbound(message => presenter.event(message))
  const context: RuntimeContext = {
    transport: options.transport,
    dataDir: options.dataDir,
    cipher: options.cipher,
    bus,
    secrets,
    registry,
    sandbox,
    openExternal: options.openExternal,
    embeddedWindow: options.embeddedWindow,
    services: {},
    closers: [],
  }

  const info = async (): Promise<AppInfo> => {
    const envs = context.services.environments
      ? await context.services.environments.list()
      : {
          environments: sandbox
            ? [{ id: 'sandbox', name: 'Sandbox (built-in)', builtIn: true, authUrl: sandbox.url, baseUrl: sandbox.url, production: false }]
            : [],
          activeId: sandbox ? 'sandbox' : null,
        }
    return {
      name: 'Partner API Console',
      version: options.version,
      transport: options.transport,
      platform: process.platform,
      environments: envs.environments,
      activeEnvironmentId: envs.activeId,
      secretStorage: options.cipher.info,
      sandboxUrl: sandbox?.url ?? null,
      startedAt: startedAt.toISOString(),
      presenter: presenter.enabled,
    }
  }

  registerAppHandlers(registry, { info, presenter })
  try {
    await wireRequests(context)
    await wireAuth(context)
    await wireSigning(context)
  } catch (error) {
    await sandbox?.close()
    throw error
  }

  let seq = 0
  const heartbeat = setInterval(
    () => {
      seq += 1
      bus.emit('app:heartbeat', {
        seq,
        at: new Date().toISOString(),
        uptimeSeconds: Math.round((Date.now() - startedAt.getTime()) / 1000),
      })
    },
    options.heartbeatMs ?? (Number(process.env.PARTNER_CONSOLE_HEARTBEAT_MS) || 5000),
  )
  heartbeat.unref()

  return {
    registry,
    bus,
    secrets,
    sandbox,
    dataDir: options.dataDir,
    context,
    info,
    async close() {
      clearInterval(heartbeat)
      try {
        for (const close of context.closers.reverse()) await close()
        await sandbox?.close()
      } finally {
        lock.release()
      }
    },
  }
}

/** Default data folder for the web host and CLI (Electron uses app.getPath('userData')). */
export function defaultDataDir(): string {
  const base = process.env.XDG_CONFIG_HOME ?? join(process.env.HOME ?? process.cwd(), '.config')
  return join(base, 'partner-console')
}
