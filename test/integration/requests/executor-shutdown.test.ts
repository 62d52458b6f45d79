import { describe, expect, it } from 'vitest'
import { EventBus } from '../../../src/main/engine/core/event-bus'
import { SecretRegistry } from '../../../src/main/engine/core/secret-registry'
import { noEnvironments, noTokens } from '../../../src/main/engine/core/without-sign-in'
import { ClockSkewEstimator } from '../../../src/main/engine/signing/clock-skew'
import { createHttpClient } from '../../../src/main/runtime/http-client-layer'
import { createRequestsEngine } from '../../../src/main/runtime/requests-engine'
import { startLoopback } from './support'

function engine() {
  const bus = new EventBus()
  const secrets = new SecretRegistry()
  return createRequestsEngine({
    layer: createHttpClient({ bus, secrets, skew: new ClockSkewEstimator() }),
    bus,
    secrets,
    environments: noEnvironments,
    tokens: noTokens,
    signingTimestamp: () => Math.floor(Date.now() / 1000),
    creator: { name: 'test', version: '0' },
  })
}

describe('shutting the HTTP client down', () => {
  it('stops the requests in flight, with and without a caller signal: each fails as cancelled and is logged', async () => {
    let arrived = 0
    let bothArrived!: () => void
    const waiting = new Promise<void>(resolve => {
      bothArrived = resolve
    })
    const silent = await startLoopback(() => {
      if (++arrived === 2) bothArrived()
    })
    const e = engine()
    try {
      const send = (path: string, signal?: AbortSignal) =>
        e.executor.execute({ method: 'GET', target: 'api', path: `${silent.url}${path}`, auth: 'none', timeoutMs: 20_000, signal }).then(
          () => null,
          (error: { code?: string }) => error.code,
        )
      const plain = send('/plain')
      const withSignal = send('/with-signal', new AbortController().signal)
      await waiting
      void e.layer.close()
      expect(await plain).toBe('cancelled')
      expect(await withSignal).toBe('cancelled')
      const states = e.layer.log.entries().map(entry => [entry.path, entry.state, entry.error])
      expect(states).toEqual([
        ['/plain', 'failed', expect.stringContaining('stopped')],
        ['/with-signal', 'failed', expect.stringContaining('stopped')],
      ])
      // A request after the shutdown is refused before anything is sent or logged.
      expect(await send('/after')).toBe('cancelled')
      expect(e.layer.log.size).toBe(2)
    } finally {
      await e.layer.close()
      await silent.close()
    }
  })
})
