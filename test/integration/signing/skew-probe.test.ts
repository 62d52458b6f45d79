import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { EventBus } from '../../../src/main/engine/core/event-bus'
import { DEFAULT_PATHS, type ResolvedEnvironment } from '../../../src/main/engine/core/ports'
import { SecretRegistry } from '../../../src/main/engine/core/secret-registry'
import { ClockSkewEstimator } from '../../../src/main/engine/signing/clock-skew'
import { probeServerClock } from '../../../src/main/engine/signing/skew-probe'
import { createHttpClient } from '../../../src/main/runtime/http-client-layer'
import { type RunningSandbox, startSandbox } from '../../../src/sandbox'

// A real sandbox whose clock runs 20 s ahead; the probe must measure it before any signed request is made.
const AHEAD_MS = 20_000
let sb: RunningSandbox
beforeAll(async () => {
  sb = await startSandbox({ quiet: true, now: () => Date.now() + AHEAD_MS })
})
// Probes go through the engine's one HTTP path, as in the console.
const layer = createHttpClient({ bus: new EventBus(), secrets: new SecretRegistry(), skew: new ClockSkewEstimator() })
const send = layer.client.send
afterAll(async () => {
  await layer.close()
  await sb?.close()
})

function environment(withAdmin: boolean): ResolvedEnvironment {
  return {
    id: 'probe-test',
    name: 'probe test',
    builtIn: false,
    authUrl: sb.url,
    baseUrl: sb.url,
    clientId: 'unused',
    clientSecret: 'unused-secret',
    redirectUri: 'http://127.0.0.1:9/callback',
    paths: DEFAULT_PATHS,
    ...(withAdmin ? { sandboxAdmin: { url: sb.url, adminToken: sb.adminToken } } : {}),
  }
}

describe('probeServerClock', () => {
  it("reads the sandbox's exact clock through its operator API", async () => {
    const skew = new ClockSkewEstimator()
    const samples = await probeServerClock(environment(true), send)
    expect(samples).toHaveLength(3)
    expect(samples.every(s => s.serverTimeMs !== undefined && s.source === 'sandbox clock')).toBe(true)
    for (const s of samples) skew.observe(s)
    const e = skew.estimate()!
    expect(Math.abs(e.offsetMs - AHEAD_MS)).toBeLessThanOrEqual(100)
    expect(e.uncertaintyMs).toBeLessThan(100)
    expect(e.level).toBe('danger')
  })

  it('falls back to the Date header of any server, on the path the user chose', async () => {
    const skew = new ClockSkewEstimator()
    for (const s of await probeServerClock(environment(false), send, { path: '/' })) skew.observe(s)
    const e = skew.estimate()!
    expect(Math.abs(e.offsetMs - AHEAD_MS)).toBeLessThanOrEqual(1_500)
    expect(e.uncertaintyMs).toBeLessThanOrEqual(1_000)
    expect(e.source).toContain('Date header')
  })

  it('counts each answer once: the HTTP client adds no sample of its own for a probe the signing service observes', async () => {
    // As in the console: the probe's client and the signing service share one estimator.
    const shared = new ClockSkewEstimator()
    const own = createHttpClient({ bus: new EventBus(), secrets: new SecretRegistry(), skew: shared })
    try {
      for (const s of await probeServerClock(environment(false), own.client.send, { path: '/' })) shared.observe(s)
      expect(shared.estimate()?.samples).toBe(1)
      for (const s of await probeServerClock(environment(true), own.client.send)) shared.observe(s)
      expect(shared.estimate()?.samples).toBe(4)
      // A call of the user's own still feeds the estimate from its Date header.
      await own.client.send({ method: 'GET', url: `${sb.url}/`, headers: {}, purpose: 'api' })
      expect(shared.estimate()?.samples).toBe(5)
    } finally {
      await own.close()
    }
  })

  it('says so when the server cannot be reached', async () => {
    const env = { ...environment(false), baseUrl: 'http://127.0.0.1:1' }
    await expect(probeServerClock(env, send, { path: '/health' })).rejects.toMatchObject({ code: 'network' })
  })
})
