import { mkdir, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { CaptureMode, CaptureStatus } from '../../../shared/contract'
import { ConsoleError } from '../core/console-error'
import type { EnvironmentProvider, ResolvedEnvironment } from '../core/ports'
import type { DispatcherPool } from '../http/network-dispatcher'
import { createCaptureCa } from './capture-ca'
import { startGateway } from './capture-gateway'
import { startProxy } from './capture-proxy'
import { CaptureRecorder, type RecordedLine, type RecorderServices } from './capture-recorder'
import type { CaptureInterceptor, CaptureObserver } from './captured-exchange'
import { captureVariables } from './client-variables'
import { ExchangeVerdicts } from './exchange-verdicts'
import type { ForwardContext } from './forward-exchange'

interface CaptureServiceDeps extends RecorderServices {
  environments: EnvironmentProvider
  network: DispatcherPool
  /** Where proxy mode writes the capture CA's certificate (never its key): one folder per capture, removed on stop. */
  dataDir: string
  /** Called after each recorded exchange (the bridge's throttled `capture:exchange` event). */
  onExchange?: (envId: string, exchanges: number, logId: string) => void
  /** Bytes of each body kept for the log (default 1 MiB; bodies always stream through whole). */
  maxBodyBytes?: number
  timeoutMs?: number
}

/**
 * What a companion of each capture session (the doctor) plugs into it: an observer that sees every exchange before
 * the service-wide observers, the interceptor to ask before each forward (null: the service-wide one), and a call
 * once the session's listeners are closed and its last exchange recorded.
 */
export interface CaptureSessionHooks {
  observe: CaptureObserver
  interceptor(): CaptureInterceptor | null
  ended(): Promise<void>
}

/** Builds the hooks of one capture session, when it starts, for its environment (secret resolved). */
type CaptureSessionStarter = (env: ResolvedEnvironment, status: CaptureStatus) => CaptureSessionHooks

interface Running {
  status: CaptureStatus
  stop(): Promise<void>
  hooks: CaptureSessionHooks | null
}

/**
 * Capture sessions, one per environment at most: starts the gateway or the proxy on the environment's hosts and
 * network route, counts and records what passes, and hands every exchange to the observers (the doctor) and to the
 * line listeners (the CLI). The interceptor (drills) is asked before each forward. `stop` and `close` close every
 * listener and socket; a stopped capture leaves its log entries in place.
 */
export class CaptureService {
  private readonly running = new Map<string, Running>()
  private readonly observers = new Set<CaptureObserver>()
  private readonly lines = new Set<(line: RecordedLine) => void>()
  private interceptor: CaptureInterceptor | null = null
  private starter: CaptureSessionStarter | null = null

  constructor(private readonly deps: CaptureServiceDeps) {}

  /** Adds an observer of every recorded exchange (unredacted, synchronous); returns its removal. */
  observe(observer: CaptureObserver): () => void {
    this.observers.add(observer)
    return () => this.observers.delete(observer)
  }

  /** Adds a listener of recorded exchanges with their log entry and problem (the CLI's lines); returns its removal. */
  onRecorded(listener: (line: RecordedLine) => void): () => void {
    this.lines.add(listener)
    return () => this.lines.delete(listener)
  }

  /** Sets (or clears, with null) the interceptor consulted before every forward, for every capture. */
  intercept(interceptor: CaptureInterceptor | null): void {
    this.interceptor = interceptor
  }

  /** Sets what each capture session starts beside it (the doctor): one starter, set once by the runtime. */
  onSession(starter: CaptureSessionStarter): void {
    this.starter = starter
  }

  /** Starts capturing for an environment; ConsoleError('conflict') when one already runs for it. */
  async start(request: {
    envId?: string
    mode: CaptureMode
    ports?: { auth?: number; base?: number; proxy?: number }
  }): Promise<CaptureStatus> {
    const env = request.envId ? await this.deps.environments.get(request.envId) : await this.deps.environments.active()
    if (this.running.has(env.id)) {
      throw new ConsoleError('conflict', `A capture already runs for ${env.name}.`, { hint: 'Stop it first, or use the URLs it printed.' })
    }
    const closing = new AbortController()
    let seq = 0
    let exchanges = 0
    const d = this.deps
    const verdicts = new ExchangeVerdicts(env, () => Date.now() + (d.skew.estimate()?.offsetMs ?? 0))
    const status: CaptureStatus = {
      envId: env.id,
      mode: request.mode,
      startedAt: new Date().toISOString(),
      gateway: null,
      proxy: null,
      variables: [],
      notes: [],
      exchanges: 0,
    }
    const hooks = this.starter?.(env, status) ?? null
    const recorder = new CaptureRecorder(d, verdicts, hooks?.observe ?? null, this.observers)
    const ctx: ForwardContext = {
      envId: env.id,
      clientId: env.clientId,
      tokenPath: env.paths.token,
      maxBodyBytes: d.maxBodyBytes ?? 1024 * 1024,
      timeoutMs: d.timeoutMs ?? 60_000,
      nextSeq: () => ++seq,
      dispatcher: () => d.network.dispatcherFor(env.network),
      interceptor: () => hooks?.interceptor() ?? this.interceptor,
      recorder,
      onRecorded: line => {
        exchanges += 1
        status.exchanges = exchanges
        for (const listener of this.lines) listener(line)
        d.onExchange?.(env.id, exchanges, line.entry.id)
      },
      signal: closing.signal,
    }
    try {
      await this.listen(request, env, ctx, status, closing, hooks)
    } catch (error) {
      await hooks?.ended()
      throw error
    }
    return { ...status }
  }

  private async listen(
    request: { mode: CaptureMode; ports?: { auth?: number; base?: number; proxy?: number } },
    env: ResolvedEnvironment,
    ctx: ForwardContext,
    status: CaptureStatus,
    closing: AbortController,
    hooks: CaptureSessionHooks | null,
  ): Promise<void> {
    const d = this.deps
    // Checked now, so a broken CA file or client certificate says so at start rather than on the first request.
    d.network.route(new URL(env.baseUrl), env.network)
    if (request.mode === 'gateway') {
      const gateway = await startGateway(ctx, env, { auth: request.ports?.auth, base: request.ports?.base })
      status.gateway = gateway.urls
      Object.assign(status, captureVariables('gateway', gateway.urls))
      this.running.set(env.id, { status, hooks, stop: () => stopAll(closing, gateway.close) })
    } else {
      const hosts = [new URL(env.authUrl).hostname, new URL(env.baseUrl).hostname]
      const ca = createCaptureCa(hosts)
      const folder = join(d.dataDir, 'capture', `${env.id.replace(/[^\w-]/g, '_')}-${process.pid}-${Date.now()}`)
      await mkdir(folder, { recursive: true })
      const caFile = join(folder, 'capture-ca.pem')
      const bundleFile = join(folder, 'capture-ca-bundle.pem')
      await writeFile(caFile, ca.certPem)
      await writeFile(bundleFile, ca.bundlePem)
      let proxy: Awaited<ReturnType<typeof startProxy>>
      try {
        proxy = await startProxy(ctx, env, ca, request.ports?.proxy ?? 0)
      } catch (error) {
        await rm(folder, { recursive: true, force: true })
        throw error
      }
      status.proxy = { url: proxy.url, caFile, bundleFile }
      Object.assign(
        status,
        captureVariables('proxy', { authUrl: env.authUrl, baseUrl: env.baseUrl, proxyUrl: proxy.url, caFile, bundleFile }),
      )
      this.running.set(env.id, {
        status,
        hooks,
        stop: () =>
          stopAll(closing, async () => {
            await proxy.close()
            await rm(folder, { recursive: true, force: true })
          }),
      })
    }
  }

  /** Stops an environment's capture (default: the active one's); false when none ran. */
  async stop(envId?: string): Promise<boolean> {
    const id = envId ?? (await this.deps.environments.active()).id
    const running = this.running.get(id)
    if (!running) return false
    this.running.delete(id)
    await running.stop()
    await running.hooks?.ended()
    return true
  }

  status(): CaptureStatus[] {
    return [...this.running.values()].map(r => ({ ...r.status }))
  }

  /** Stops every capture (runtime shutdown). */
  async close(): Promise<void> {
    const all = [...this.running.values()]
    this.running.clear()
    await Promise.all(
      all.map(async r => {
        await r.stop()
        await r.hooks?.ended()
      }),
    )
  }
}

async function stopAll(closing: AbortController, close: () => Promise<void>): Promise<void> {
  closing.abort(new ConsoleError('cancelled', 'The capture was stopped.'))
  await close()
}
