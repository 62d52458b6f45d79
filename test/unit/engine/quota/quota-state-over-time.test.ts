import { describe, expect, it } from 'vitest'
import { quotaKey } from '../../../../src/main/engine/quota/quota-key'
import { QuotaLimits } from '../../../../src/main/engine/quota/quota-limits'
import { QuotaTracker } from '../../../../src/main/engine/quota/quota-tracker'

// A key's state is described once per change and handed out again while nothing changed: each test reads it just
// before a moment that changes it by time alone (nothing sent, nothing received), then just at it.
function setup() {
  let now = Date.parse('2025-03-01T10:00:30Z')
  const tracker = new QuotaTracker({ limits: new QuotaLimits({ windowSeconds: 600 }), now: () => now })
  const key = quotaKey('c', 'GET', '/api/v1/locations')
  return { tracker, key, at: (t: number) => (now = t), now: () => now }
}

describe('a quota key state read again later, with no new request or response', () => {
  it('frees the unit of a request that left the window at the moment it leaves', () => {
    const { tracker, key, at, now } = setup()
    const sent = now()
    tracker.observe(tracker.recordSend(key), { status: 200, headers: {} })
    at(sent + 600_000 - 1)
    expect(tracker.state(key)).toMatchObject({ used: 1, predictedRemaining: 99 })
    at(sent + 600_000)
    expect(tracker.state(key)).toMatchObject({ used: 0, predictedRemaining: 100, nextUnitAt: null })
  })

  it('moves the per-minute history on at the minute', () => {
    const { tracker, key, at, now } = setup()
    const minuteEnd = (Math.floor(now() / 60_000) + 1) * 60_000
    tracker.observe(tracker.recordSend(key), { status: 200, headers: {} })
    at(minuteEnd - 1)
    expect(tracker.state(key).history.slice(-2)).toEqual([0, 1])
    at(minuteEnd)
    expect(tracker.state(key).history.slice(-2)).toEqual([1, 0])
  })

  it('ends a 429 block when Retry-After has passed', () => {
    const { tracker, key, at, now } = setup()
    const received = now()
    tracker.observe(tracker.recordSend(key), { status: 429, headers: { 'retry-after': '5' }, receivedAt: received })
    at(received + 4_999)
    expect(tracker.state(key).retryAfterUntil).toBe(new Date(received + 5_000).toISOString())
    at(received + 5_000)
    expect(tracker.state(key)).toMatchObject({ retryAfterUntil: null, retryAfter: null })
  })

  it("stops trusting the server's remaining at the reset it announced", () => {
    const { tracker, key, at, now } = setup()
    const received = now()
    tracker.recordSend(key)
    tracker.recordSend(key)
    // The ledger counts 3 of 10; the server, which counts otherwise, says 9 remain until its reset in 30 s.
    tracker.observe(tracker.recordSend(key), {
      status: 200,
      headers: { 'x-ratelimit-limit': '10', 'x-ratelimit-remaining': '9', 'ratelimit-reset': '30' },
      receivedAt: received,
    })
    at(received + 29_999)
    expect(tracker.state(key).predictedRemaining).toBe(9)
    at(received + 30_000)
    expect(tracker.state(key).predictedRemaining).toBe(7)
  })

  it('takes a new configured limit at once', () => {
    const { tracker, key } = setup()
    tracker.observe(tracker.recordSend(key), { status: 200, headers: {} })
    expect(tracker.state(key)).toMatchObject({ limit: 100, predictedRemaining: 99 })
    tracker.configure({ defaultLimit: 7 })
    expect(tracker.state(key)).toMatchObject({ limit: 7, predictedRemaining: 6 })
    tracker.configure({ windowSeconds: 60 })
    expect(tracker.state(key)).toMatchObject({ limit: 7, windowSeconds: 60 })
  })
})
