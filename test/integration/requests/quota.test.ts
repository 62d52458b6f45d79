import { afterEach, describe, expect, it } from 'vitest'
import type { QuotaKeyState } from '../../../src/shared/contract'
import { nextEvent } from '../../support/events'
import { eventsNamed, startAuthorizedConsole, type TestConsole } from './support'

let c: TestConsole | undefined
afterEach(async () => {
  await c?.close()
  c = undefined
})

const LOCATIONS = '/marketplace/v2/platform-token/locations'

async function gauge(c: TestConsole, path: string): Promise<QuotaKeyState | undefined> {
  return (await c.ok('quota:list', {})).keys.find(k => k.path === path)
}

function header(view: { headers: Array<{ name: string; value: string }> }, name: string): string | undefined {
  return view.headers.find(h => h.name === name)?.value
}

describe('the quota tracker against the sandbox', () => {
  it('predicts each X-RateLimit-Remaining before the server says it, over 100 requests', async () => {
    c = await startAuthorizedConsole()
    for (let i = 0; i < 100; i++) {
      const predicted = (await gauge(c, LOCATIONS))?.predictedRemaining ?? 100
      const r = await c.ok('http:send', { method: 'GET', path: LOCATIONS, auth: 'bearer' })
      expect(r.status).toBe(200)
      expect(Number(header(r, 'x-ratelimit-remaining'))).toBe(predicted - 1)
      expect(r.quota?.predictedRemaining).toBe(predicted - 1)
    }
    const spent = await gauge(c, LOCATIONS)
    expect(spent).toMatchObject({ used: 100, predictedRemaining: 0, limit: 100, limitSource: 'server' })
    expect(spent?.history.reduce((a, b) => a + b, 0)).toBe(100)
    expect(Date.parse(spent?.nextUnitAt ?? '') - Date.now()).toBeGreaterThan(3_500_000)
    expect(eventsNamed(c, 'quota:update').filter(u => u.path === LOCATIONS)).toHaveLength(100)

    // The 101st: the ledger warns before anything is sent.
    const logSize = (await c.ok('log:list', {})).total
    const warned = await c.call('http:send', { method: 'GET', path: LOCATIONS, auth: 'bearer' })
    expect(warned.ok).toBe(false)
    if (!warned.ok) {
      expect(warned.error.code).toBe('rate_limited')
      expect(warned.error.details).toMatchObject({ reason: 'quota_spent' })
    }
    expect((await c.ok('log:list', {})).total).toBe(logSize)

    // Forced: the server answers 429 and the key is blocked; the next send fails fast.
    const forced = await c.ok('http:send', { method: 'GET', path: LOCATIONS, auth: 'bearer', force: true })
    expect(forced.status).toBe(429)
    const blocked = eventsNamed(c, 'quota:blocked')
    expect(blocked).toHaveLength(1)
    expect(blocked[0]?.source).toBe('retry-after')
    expect(blocked[0]?.seconds).toBe(Number(header(forced, 'retry-after')))
    const fast = await c.call('http:send', { method: 'GET', path: LOCATIONS, auth: 'bearer' })
    expect(fast.ok).toBe(false)
    if (!fast.ok) {
      expect(fast.error.code).toBe('rate_limited')
      expect(fast.error.details).toMatchObject({ reason: 'blocked' })
      expect(fast.error.message).toMatch(/blocked for \d+ s more/)
    }
    // quota:reset forgets the local ledger and block (the server's count is untouched: it still says 429).
    expect(await c.ok('quota:reset', { key: spent?.key })).toEqual({ cleared: 1 })
    expect(await gauge(c, LOCATIONS)).toBeUndefined()
    const afterReset = await c.ok('http:send', { method: 'GET', path: LOCATIONS, auth: 'bearer' })
    expect(afterReset.status).toBe(429)
  })

  it('429 → countdown → automatic retry succeeds once the sandbox clock has moved', async () => {
    c = await startAuthorizedConsole()
    await c.admin('/_sandbox/quotas/limit', { limit: 3, method: 'GET', path: LOCATIONS })
    for (let i = 0; i < 3; i++) expect((await c.ok('http:send', { method: 'GET', path: LOCATIONS, auth: 'bearer' })).status).toBe(200)
    // Almost an hour passes on the server: the first unit returns in about two seconds.
    await c.admin('/_sandbox/clock', { advanceSeconds: 3598 })
    const started = Date.now()
    const pending = c.ok('http:send', { method: 'GET', path: LOCATIONS, auth: 'bearer', force: true, autoRetry: true })
    const blocked = await nextEvent(c.runtime.bus, c.events, 'quota:blocked')
    expect(blocked.seconds).toBeGreaterThanOrEqual(1)
    expect(blocked.seconds).toBeLessThanOrEqual(4)
    expect(Date.parse(blocked.until)).toBeGreaterThan(Date.now())
    const retrying = await nextEvent(c.runtime.bus, c.events, 'http:retrying')
    expect(retrying).toMatchObject({ method: 'GET', path: LOCATIONS, attempt: 2 })
    expect(retrying.delayMs).toBeGreaterThanOrEqual(blocked.seconds * 1000 - 100)
    // While blocked, another request to the key fails fast instead of spending a unit.
    const during = await c.call('http:send', { method: 'GET', path: LOCATIONS, auth: 'bearer' })
    expect(during.ok).toBe(false)
    if (!during.ok) expect(during.error.code).toBe('rate_limited')

    const result = await pending
    expect(result.status).toBe(200)
    expect(result.attempts).toBe(2)
    expect(result.retriedAfter).toEqual(['429'])
    expect(Date.now() - started).toBeGreaterThanOrEqual(blocked.seconds * 1000 - 100)
    const tail = (await c.ok('log:list', { limit: 2 })).entries.map(e => [e.status, e.attempt])
    expect(tail).toEqual([
      [200, 2],
      [429, 1],
    ])
  })
})
