import { describe, expect, it } from 'vitest'
import { ConsoleError } from '../../../../src/main/engine/core/console-error'
import { quotaKey } from '../../../../src/main/engine/quota/quota-key'
import { QuotaLimits } from '../../../../src/main/engine/quota/quota-limits'
import { QuotaTracker } from '../../../../src/main/engine/quota/quota-tracker'
import type { QuotaBlockedEvent, QuotaKeyState } from '../../../../src/shared/contract'

function setup(config: ConstructorParameters<typeof QuotaLimits>[0] = {}) {
  let now = Date.parse('2025-03-01T10:00:00Z')
  const updates: QuotaKeyState[] = []
  const blocked: QuotaBlockedEvent[] = []
  const tracker = new QuotaTracker({
    limits: new QuotaLimits(config),
    now: () => now,
    onUpdate: s => updates.push(s),
    onBlocked: e => blocked.push(e),
  })
  return { tracker, updates, blocked, advance: (ms: number) => (now += ms), now: () => now }
}

function rejection(fn: () => void): ConsoleError {
  try {
    fn()
  } catch (error) {
    if (error instanceof ConsoleError) return error
    throw error
  }
  throw new Error('expected a ConsoleError')
}

describe('quota keys', () => {
  it('count per client, upper-case method and lower-case path without query or trailing slash', () => {
    expect(quotaKey('c1', 'get', 'https://api.example.com/API/v1/Locations/?page=2#x')).toEqual({
      clientId: 'c1',
      method: 'GET',
      path: '/api/v1/locations',
      id: 'c1 GET /api/v1/locations',
    })
    expect(quotaKey('c1', 'GET', '/').path).toBe('/')
  })
})

describe('the quota tracker', () => {
  it('predicts from the spec table before any server header: 100 by default, 500 for the section 8 paths', () => {
    const { tracker } = setup()
    expect(tracker.state(quotaKey('c', 'GET', '/marketplace/v2/platform-token/locations'))).toMatchObject({
      limit: 100,
      limitSource: 'table',
      predictedRemaining: 100,
    })
    expect(tracker.state(quotaKey('c', 'POST', '/pos/v2/lookup/tickets')).limit).toBe(500)
    expect(tracker.state(quotaKey('c', 'GET', '/pos/v2/lookup/tickets')).limit).toBe(100)
    expect(tracker.state(quotaKey('c', 'GET', '/pos/v2/42/checks/7')).limit).toBe(500)
  })

  it('uses the user’s rules before the spec table', () => {
    const { tracker } = setup({ overrides: [{ pathPattern: '/api/v1/export/*/tickets', limit: 7 }] })
    expect(tracker.state(quotaKey('c', 'GET', '/api/v1/export/12/tickets')).limit).toBe(7)
  })

  it('counts its own requests in the rolling window and gives units back as they leave it', () => {
    const { tracker, advance } = setup()
    const key = quotaKey('c', 'GET', '/x')
    const first = tracker.recordSend(key)
    expect(first.at).toBeGreaterThan(0)
    advance(10 * 60_000)
    tracker.recordSend(key)
    tracker.recordSend(key)
    let s = tracker.state(key)
    expect(s.used).toBe(3)
    expect(s.predictedRemaining).toBe(97)
    expect(Date.parse(s.nextUnitAt ?? '')).toBe(first.at + 3_600_000)
    expect(s.history.slice(-11)).toEqual([1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2])
    advance(50 * 60_000)
    s = tracker.state(key)
    expect(s.used).toBe(2)
    expect(s.predictedRemaining).toBe(98)
  })

  it('follows the server’s limit and accounts for usage it did not see (other tools, earlier runs)', () => {
    const { tracker, advance } = setup()
    const key = quotaKey('c', 'GET', '/x')
    const t = tracker.recordSend(key)
    const after = tracker.observe(t, { status: 200, headers: { 'x-ratelimit-limit': '50', 'x-ratelimit-remaining': '30' } })
    // The ledger knows one request; the server counted 20: 19 came from elsewhere.
    expect(after).toMatchObject({ limit: 50, limitSource: 'server', serverRemaining: 30, used: 1, predictedRemaining: 30 })
    advance(1000)
    tracker.recordSend(key)
    expect(tracker.state(key).predictedRemaining).toBe(29)
    // An hour after the server's answer, the unseen usage and the first request have left the window.
    advance(3_599_500)
    expect(tracker.state(key)).toMatchObject({ used: 1, predictedRemaining: 49 })
  })

  it('blocks a key after a 429 until Retry-After passes, un-counting the refused request', () => {
    const { tracker, blocked, advance } = setup()
    const key = quotaKey('c', 'GET', '/x')
    tracker.recordSend(key)
    const t = tracker.recordSend(key)
    advance(5)
    const s = tracker.observe(t, { status: 429, headers: { 'x-ratelimit-limit': '2', 'x-ratelimit-remaining': '0', 'retry-after': '30' } })
    expect(s.used).toBe(1)
    expect(s.retryAfterUntil).not.toBeNull()
    // The state itself says why, so a page opened after the 429 can explain the block too.
    expect(s.retryAfter).toEqual({ seconds: 30, source: 'retry-after' })
    expect(blocked).toEqual([expect.objectContaining({ key: key.id, seconds: 30, source: 'retry-after' })])
    const error = rejection(() => tracker.gate(key))
    expect(error.code).toBe('rate_limited')
    expect(error.message).toContain('30 s')
    expect(error.hint).toContain('force')
    expect(error.details).toMatchObject({ reason: 'blocked', secondsLeft: 30 })
    expect(() => tracker.gate(key, { force: true })).not.toThrow()
    advance(29_000)
    expect(rejection(() => tracker.gate(key)).message).toContain('1 s')
    advance(1_000)
    expect(() => tracker.gate(key)).not.toThrow()
    expect(tracker.state(key).retryAfter).toBeNull()
    tracker.close()
  })

  it('waits 60 s after a 429 without Retry-After, as the spec’s reference handler', () => {
    const { tracker, blocked } = setup()
    const key = quotaKey('c', 'GET', '/x')
    tracker.observe(tracker.recordSend(key), { status: 429, headers: {} })
    expect(blocked[0]).toMatchObject({ seconds: 60, source: 'default' })
    expect(tracker.state(key).retryAfter).toEqual({ seconds: 60, source: 'default' })
    expect(tracker.blockedMs(key)).toBe(60_000)
    tracker.close()
  })

  it('warns before sending when the ledger says the quota is spent', () => {
    const { tracker } = setup({ defaultLimit: 2 })
    const key = quotaKey('c', 'GET', '/x')
    tracker.recordSend(key)
    tracker.gate(key, { warnSpent: true })
    tracker.recordSend(key)
    const error = rejection(() => tracker.gate(key, { warnSpent: true }))
    expect(error.code).toBe('rate_limited')
    expect(error.details).toMatchObject({ reason: 'quota_spent' })
    expect(error.message).toContain('2 of 2')
    expect(() => tracker.gate(key)).not.toThrow()
    expect(() => tracker.gate(key, { warnSpent: true, force: true })).not.toThrow()
  })

  it('resets the local ledger and blocks of one key or all, announcing the fresh gauges', () => {
    const { tracker, updates } = setup()
    const a = quotaKey('c', 'GET', '/a')
    const b = quotaKey('c', 'GET', '/b')
    tracker.observe(tracker.recordSend(a), { status: 429, headers: { 'retry-after': '10' } })
    tracker.recordSend(b)
    expect(tracker.reset(a.id)).toBe(1)
    expect(tracker.blockedMs(a)).toBe(0)
    expect(updates.at(-1)).toMatchObject({ key: a.id, used: 0, retryAfterUntil: null })
    expect(tracker.list().map(s => s.key)).toEqual([b.id])
    expect(tracker.reset()).toBe(1)
    expect(tracker.list()).toEqual([])
  })

  it('keeps at most maxKeys keys, forgetting the least recently used', () => {
    const tracker = new QuotaTracker({ maxKeys: 3 })
    for (const p of ['/1', '/2', '/3']) tracker.recordSend(quotaKey('c', 'GET', p))
    tracker.recordSend(quotaKey('c', 'GET', '/1'))
    tracker.recordSend(quotaKey('c', 'GET', '/4'))
    expect(
      tracker
        .list()
        .map(s => s.path)
        .sort(),
    ).toEqual(['/1', '/3', '/4'])
  })

  it('keeps header notes (malformed values) on the key, newest last, at most five', () => {
    const { tracker } = setup()
    const key = quotaKey('c', 'GET', '/x')
    for (let i = 0; i < 7; i++) tracker.observe(tracker.recordSend(key), { status: 200, headers: { 'x-ratelimit-limit': `bad${i}` } })
    const notes = tracker.state(key).notes
    expect(notes).toHaveLength(5)
    expect(notes[4]).toContain('bad6')
  })
})

describe('watched traffic (captured exchanges)', () => {
  const nextTurn = () => new Promise<void>(resolve => setImmediate(resolve))

  it('updates the state at once and says so once per key per event-loop turn, with the latest state', async () => {
    const { tracker, updates } = setup()
    const a = quotaKey('c1', 'GET', '/api/v1/locations')
    const b = quotaKey('c1', 'GET', '/api/v1/installations')
    for (let i = 0; i < 50; i++) {
      tracker.observeWatched(tracker.recordSend(a), {
        status: 200,
        headers: { 'x-ratelimit-limit': '100', 'x-ratelimit-remaining': String(99 - i) },
      })
    }
    tracker.observeWatched(tracker.recordSend(b), { status: 200, headers: {} })
    expect(tracker.state(a)).toMatchObject({ used: 50, serverRemaining: 50, predictedRemaining: 50 })
    expect(updates).toEqual([])
    await nextTurn()
    expect(updates.map(u => [u.key, u.used, u.serverRemaining])).toEqual([
      [a.id, 50, 50],
      [b.id, 1, null],
    ])
    tracker.observeWatched(tracker.recordSend(a), { status: 200, headers: { 'x-ratelimit-remaining': '49' } })
    await nextTurn()
    expect(updates.slice(2).map(u => [u.key, u.used, u.serverRemaining])).toEqual([[a.id, 51, 49]])
  })

  it('a key a listener observes again while its update is being said is said again on the next turn', async () => {
    const updates: QuotaKeyState[] = []
    const a = quotaKey('c1', 'GET', '/api/v1/locations')
    const tracker: QuotaTracker = new QuotaTracker({
      onUpdate: s => {
        updates.push(s)
        if (updates.length === 1) tracker.observeWatched(tracker.recordSend(a), { status: 200, headers: { 'x-ratelimit-remaining': '7' } })
      },
    })
    tracker.observeWatched(tracker.recordSend(a), { status: 200, headers: { 'x-ratelimit-remaining': '8' } })
    await nextTurn()
    expect(updates.map(u => [u.used, u.serverRemaining])).toEqual([[1, 8]])
    await nextTurn()
    expect(updates.map(u => [u.used, u.serverRemaining])).toEqual([
      [1, 8],
      [2, 7],
    ])
    tracker.close()
  })

  it('a 429 blocks the key at once; a key reset before the turn ends sends its fresh state, never the old one', async () => {
    const { tracker, updates, blocked } = setup()
    const a = quotaKey('c1', 'GET', '/api/v1/locations')
    tracker.observeWatched(tracker.recordSend(a), { status: 429, headers: { 'retry-after': '30' } })
    expect(blocked).toHaveLength(1)
    expect(tracker.blockedMs(a)).toBe(30_000)
    tracker.reset(a.id)
    await nextTurn()
    expect(updates.map(u => [u.used, u.retryAfter])).toEqual([[0, null]])
    tracker.close()
  })
})
