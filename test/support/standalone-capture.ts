import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { CaptureService } from '../../src/main/engine/capture/capture-service'
import { EventBus } from '../../src/main/engine/core/event-bus'
import type { EnvironmentProvider, ResolvedEnvironment, ResolvedNetwork } from '../../src/main/engine/core/ports'
import { SecretRegistry } from '../../src/main/engine/core/secret-registry'
import { ClockSkewEstimator } from '../../src/main/engine/signing/clock-skew'
import { createHttpClient, type HttpClientLayer } from '../../src/main/runtime/http-client-layer'

/** A capture service of its own, as the runtime builds it, for one environment whose hosts the caller chooses. */
export interface StandaloneCapture {
  capture: CaptureService
  layer: HttpClientLayer
  secrets: SecretRegistry
  env: ResolvedEnvironment
  close(): Promise<void>
}

/**
 * The capture on the real HTTP client layer (network log, redaction, quota tracker with a limit nothing reaches, the
 * per-environment network route), with one environment pointing at the caller's upstream servers: what the tests of
 * faults and the benchmarks need without the whole runtime (no vault, no sign-in, no sandbox unless they start one).
 */
export async function standaloneCapture(o: {
  authUrl: string
  baseUrl: string
  clientId?: string
  clientSecret?: string
  network?: ResolvedNetwork
  /** Bytes of each body the capture keeps for the log. */
  maxBodyBytes?: number
  timeoutMs?: number
  logCapacity?: number
}): Promise<StandaloneCapture> {
  const secrets = new SecretRegistry()
  const skew = new ClockSkewEstimator()
  const layer = createHttpClient({
    bus: new EventBus(),
    secrets,
    skew,
    quotaConfig: { defaultLimit: 1_000_000_000 },
    logConfig: o.logCapacity ? { capacity: o.logCapacity } : undefined,
  })
  const env: ResolvedEnvironment = {
    id: 'capture-test',
    name: 'Capture test',
    builtIn: false,
    authUrl: o.authUrl,
    baseUrl: o.baseUrl,
    clientId: o.clientId ?? 'capture-test-client',
    clientSecret: o.clientSecret ?? 'capture-test-secret-value',
    redirectUri: 'http://127.0.0.1:8765/callback',
    paths: {
      authorize: '/oauth2/authorize/',
      token: '/oauth2/token/',
      locations: '/api/v1/locations/',
      installations: '/api/v1/installations/',
      exportTickets: '/api/v1/export/{locationId}/tickets',
      exampleLocations: '/marketplace/v2/platform-token/locations',
    },
    network: o.network,
  }
  secrets.add(env.clientSecret, 'client_secret')
  const environments: EnvironmentProvider = {
    list: async () => ({ environments: [], activeId: env.id }),
    active: async () => env,
    get: async () => env,
  }
  const dataDir = await mkdtemp(join(tmpdir(), 'pc-capture-'))
  const capture = new CaptureService({
    log: layer.log,
    redactor: layer.redactor,
    quota: layer.quota,
    network: layer.network,
    secrets,
    skew,
    environments,
    dataDir,
    maxBodyBytes: o.maxBodyBytes,
    timeoutMs: o.timeoutMs,
  })
  return {
    capture,
    layer,
    secrets,
    env,
    close: async () => {
      await capture.close()
      await layer.close()
      await rm(dataDir, { recursive: true, force: true })
    },
  }
}
