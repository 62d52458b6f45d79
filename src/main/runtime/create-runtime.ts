import type { AppInfo, TransportKind } from '../../shared/contract'
import type { HandlerRegistry } from '../bridge/registry'
import type { BundleReplay } from '../engine/bundle/bundle-replay'
import type { ReproBundles } from '../engine/bundle/repro-bundle'
import type { CaptureService } from '../engine/capture/capture-service'
import type { EventBus } from '../engine/core/event-bus'
import type { SecretRegistry } from '../engine/core/secret-registry'
import type { DoctorSessions } from '../engine/doctor/doctor-sessions'
import type { EnvironmentRepository } from '../engine/environments/environment-repository'
import { warmHarCheck } from '../engine/har/har-warm-up'
import { DraftStore } from '../engine/requests/drafts/draft-store'
import { SentHistory } from '../engine/requests/drafts/sent-history'
import type { ClockSkewEstimator } from '../engine/signing/clock-skew'
import type { SigningService } from '../engine/signing/signing-service'
import type { AuthPart } from './build-auth'
import { buildBundles } from './build-bundles'
import { buildCapture } from './build-capture'
import { buildCore, type CoreOptions } from './build-core'
import { buildDoctor } from './build-doctor'
import { buildFirstRun } from './build-first-run'
import { buildSigning } from './build-signing'
import { acquireDataFolderLock, type DataFolderLock } from './data-folder-lock'
import type { EmbeddedSandbox } from './embedded-sandbox'
import type { HttpClientLayer } from './http-client-layer'
import { registerHandlers } from './register-handlers'
import { type RequestsEngine, withWorkbench } from './requests-engine'

interface RuntimeOptions extends CoreOptions {
  transport: TransportKind
  version: string
  heartbeatMs?: number
  /**
   * The data folder's lock, when the caller took it before touching the folder (a key-file cipher creates its key
   * there). Otherwise the runtime takes it. Either way the runtime releases it in `close()`.
   */
  dataFolderLock?: DataFolderLock
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
  /**
   * Work a long-lived host (web, desktop) does once, when it is idle after its start, so that the first use of a
   * feature does not hold the event loop in one block: the HAR entry check's schema built and compiled (har-warm-up.ts).
   * One-shot CLI commands do not call it.
   */
  warmUp(): void
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
  const startedAt = new Date()
  const core = await buildCore(options)
  const { secrets, bus, registry, presenter, sandbox, skew, layer, environments, auth } = core
  const closeAll = core.closeAll

  let engine: EngineParts
  try {
    const send = layer.client.send
    const { signing, close: stopSigning } = await buildSigning({ skew, secrets, bus, environments, send, dataDir: options.dataDir })
    core.onClose(stopSigning)
    const requests = withWorkbench(core.executor)
    const bundle = buildBundles(core, requests)
    const capture = buildCapture({ layer, secrets, skew, environments, bus, dataDir: options.dataDir })
    core.onClose(() => capture.close())
    const doctor = buildDoctor({
      capture,
      secrets,
      bus,
      limits: layer.quota.limits,
      control: auth.control,
      activeId: () => environments.activeId(),
    })
    engine = { skew, layer, environments, auth, signing, requests, bundle, capture, doctor }
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
  core.onClose(() => drafts.drafts.close())
  core.onClose(() => drafts.sent.close())
  const firstRun = buildFirstRun({
    dataDir: options.dataDir,
    bus,
    layer: engine.layer,
    environments: engine.environments,
    tokens: engine.auth.tokens,
    sandboxRunning: sandbox !== null,
  })
  core.onClose(firstRun.close)
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
    warmUp() {
      try {
        warmHarCheck()
      } catch {
        // Only ever a head start: the first real use does the same work, and says what went wrong if anything does.
      }
    },
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
