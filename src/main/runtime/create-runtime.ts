import pkg from '../../../package.json' with { type: 'json' }
import type { AppInfo, TransportKind } from '../../shared/contract'
import { HandlerRegistry } from '../bridge/registry'
import { BundleReplay } from '../engine/bundle/bundle-replay'
import { LifecycleRecorder } from '../engine/bundle/lifecycle-recorder'
import { ReproBundles } from '../engine/bundle/repro-bundle'
import type { CaptureService } from '../engine/capture/capture-service'
import { EventBus } from '../engine/core/event-bus'
import { SecretRegistry } from '../engine/core/secret-registry'
import type { DoctorSessions } from '../engine/doctor/doctor-sessions'
import type { EnvironmentOverrides } from '../engine/environments/environment-overrides'
import type { EnvironmentRepository } from '../engine/environments/environment-repository'
import { FolderSignatures } from '../engine/http/folder-signatures'
import { AfterStartSecond } from '../engine/http/used-signatures'
import type { EmbeddedWindowOpener } from '../engine/oauth/embedded-window-port'
import { PresenterMode } from '../engine/presenter/presenter-mode'
import { loadQuotaConfig } from '../engine/quota/quota-config-store'
import { DraftStore } from '../engine/requests/drafts/draft-store'
import { SentHistory } from '../engine/requests/drafts/sent-history'
import { ClockSkewEstimator } from '../engine/signing/clock-skew'
import type { SigningService } from '../engine/signing/signing-service'
import { signingTimestamp } from '../engine/signing/signing-timestamp'
import type { SecretCipher } from '../engine/vault/secret-cipher'
import { type AuthPart, buildAuth } from './build-auth'
import { buildCapture } from './build-capture'
import { buildDoctor } from './build-doctor'
import { buildFirstRun } from './build-first-run'
import { buildSigning } from './build-signing'
import { acquireDataFolderLock, type DataFolderLock } from './data-folder-lock'
import { type EmbeddedSandbox, startEmbeddedSandbox } from './embedded-sandbox'
import { createHttpClient, type HttpClientLayer } from './http-client-layer'
import { registerHandlers } from './register-handlers'
import { createRequestsEngine, type RequestsEngine } from './requests-engine'

interface RuntimeOptions {
  transport: TransportKind
  version: string
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
  /**
   * How signatures sent by other processes are avoided: `data-folder` (default) claims each in the data folder, shared
   * by every process on it; `after-start-second` is for a run on a temporary folder (CLI --sandbox / flags), which
   * signs nothing in the second it started.
   */
  sentSignatures?: 'data-folder' | 'after-start-second'
}

/** The engine's parts, built in dependency order: for the CLI and for tests that drive a part directly. */
interface EngineParts {
  /** The server clock estimate (signing reads it; the HTTP client feeds it). */
  skew: ClockSkewEstimator
  /** The one HTTP path, its log and quota ledger. */
  layer: HttpClientLayer
  /** The environments: records, their secrets over the vault, change events. */
  environments: EnvironmentRepository
  auth: AuthPart
  signing: SigningService
  requests: RequestsEngine
  /** Repro bundles and their replay (support staff). */
  bundle: { bundles: ReproBundles; replay: BundleReplay }
  /** The partner's integration seen through the console (gateway or proxy), into the same log. */
  capture: CaptureService
  /** The integration doctor of each capture session: rules, drills, reports. */
  doctor: DoctorSessions
}

/** Everything a transport needs: the handlers to call, the events to forward, and a way to stop. */
export interface Runtime {
  readonly registry: HandlerRegistry
  readonly bus: EventBus
  readonly secrets: SecretRegistry
  readonly sandbox: EmbeddedSandbox | null
  readonly dataDir: string
  readonly engine: EngineParts
  info(): Promise<AppInfo>
  close(): Promise<void>
}

/**
 * The composition root shared by the Electron app, the web host and the CLI. It builds in dependency order, each
 * part getting what it needs in its constructor: the built-in sandbox, then the HTTP client (the one HTTP path, its log
 * and quota ledger, the skew estimate it feeds), then the environments and the vault, then the tokens (the token
 * client sends through the HTTP client), then signing and the executor; last, every bridge handler. It never imports
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

  let engine: EngineParts
  try {
    const skew = new ClockSkewEstimator()
    const quotaConfig = await loadQuotaConfig(options.dataDir, message => process.stderr.write(`partner-console: ${message}\n`))
    const layer = createHttpClient({ bus, secrets, skew, quotaConfig })
    closers.push(() => layer.close())
    const send = layer.client.send
    const { environments, auth } = await buildAuth({
      dataDir: options.dataDir,
      cipher: options.cipher,
      secrets,
      bus,
      sandbox,
      send,
      openExternal: options.openExternal,
      embeddedWindow: options.embeddedWindow,
      overrides: options.overrides,
    })
    closers.push(() => auth.close())
    const { signing, close: stopSigning } = await buildSigning({
      skew,
      secrets,
      bus,
      environments: environments,
      send,
      dataDir: options.dataDir,
    })
    closers.push(stopSigning)
    const requests = createRequestsEngine({
      layer,
      bus,
      secrets,
      environments: environments,
      tokens: auth.tokens,
      signingTimestamp: () => signingTimestamp(skew),
      creator: { name: 'Partner API Console', version: pkg.version },
      sentSignatures:
        options.sentSignatures === 'after-start-second'
          ? new AfterStartSecond(signingTimestamp(skew))
          : new FolderSignatures(options.dataDir),
    })
    const lifecycle = new LifecycleRecorder(bus)
    closers.push(() => lifecycle.close())
    const environment = async (envId?: string) => {
      const env = await environments.get(envId ?? environments.resolveId())
      const record = environments.record(env.id)
      return { ...env, catchMode: record.catchMode, pkce: record.pkce }
    }
    const bundles = new ReproBundles({
      log: layer.log,
      secrets,
      environment,
      tokens: envId => auth.tokens.view(envId),
      quotas: () => layer.quota.list(),
      skew: () => skew.estimate(),
      lifecycle,
      creator: { name: 'Partner API Console', version: pkg.version },
    })
    const replay = new BundleReplay({ bundles, formats: requests.formats, requests: requests.service, environment, bus })
    const capture = buildCapture({ layer, secrets, skew, environments, bus, dataDir: options.dataDir })
    closers.push(() => capture.close())
    const doctor = buildDoctor({
      capture,
      secrets,
      bus,
      limits: layer.quota.limits,
      control: auth.control,
      activeId: () => environments.activeId(),
    })
    engine = { skew, layer, environments, auth, signing, requests, bundle: { bundles, replay }, capture, doctor }
  } catch (error) {
    await closeAll()
    throw error
  }

  const info = async (): Promise<AppInfo> => {
    const envs = await engine.environments.list()
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
  const redact = (text: string) => secrets.redact(text)
  const drafts = { drafts: new DraftStore(options.dataDir, redact), sent: new SentHistory(options.dataDir, redact) }
  // Closers run last-in first-out: the open tabs are written before anything else stops.
  closers.push(() => drafts.drafts.close())
  closers.push(() => drafts.sent.close())
  const firstRun = buildFirstRun({
    dataDir: options.dataDir,
    bus,
    layer: engine.layer,
    environments: engine.environments,
    tokens: engine.auth.tokens,
    sandboxRunning: sandbox !== null,
  })
  closers.push(firstRun.close)
  registerHandlers(registry, { info, presenter, dataDir: options.dataDir, redact, drafts, firstRun: firstRun.checklist, ...engine })

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
    engine,
    info,
    async close() {
      clearInterval(heartbeat)
      try {
        await closeAll()
      } finally {
        lock.release()
      }
    },
  }
}
