import { describe, expect, it } from 'vitest'
import { isoAt, isoNow } from '../../../../src/main/engine/core/iso-now'

describe('isoNow', () => {
  it('formats exactly like Date.toISOString, across millisecond, second, day and year boundaries', () => {
    const moments = [0, 1, 9, 10, 99, 100, 999, 1000, 1001, 59_999, 86_399_999, 86_400_000, 1_795_000_000_000, 253_402_300_799_999]
    for (let t = 1_767_225_599_000; t < 1_767_225_601_000; t += 7) moments.push(t) // around 2026-01-01T00:00:00Z
    // Out of order too: the cached second must follow the clock backwards as well as forwards.
    for (const ms of [...moments, ...moments.reverse()]) expect(isoNow(ms)).toBe(new Date(ms).toISOString())
  })

  it('reads the clock when no moment is given', () => {
    const before = Date.now()
    const text = isoNow()
    const after = Date.now()
    const parsed = Date.parse(text)
    expect(parsed).toBeGreaterThanOrEqual(before)
    expect(parsed).toBeLessThanOrEqual(after)
  })

  it('formats any time like Date.toISOString: times interleaved across seconds, fractional, before 1970, six-digit years, invalid', () => {
    const now = 1_795_000_000_123
    // The quota's times alternate between "now" and minutes ago; more distinct seconds than the cache holds.
    const times = [now, now - 3_600_000, now + 1, now - 60_000, now - 120_000, now - 180_000, now + 2, now - 3_600_001]
    const odd = [-1, -999, -1000, -1001, -86_400_001, 1.5, 999.9, -0.5, -1.5, 8.64e15, -8.64e15, 253_402_300_800_000, -62_198_755_200_001]
    for (const t of [...times, ...times, ...odd, ...odd.reverse()]) expect(isoAt(t)).toBe(new Date(t).toISOString())
    for (const bad of [Number.NaN, Number.POSITIVE_INFINITY, 8.64e15 + 1]) expect(() => isoAt(bad)).toThrow(RangeError)
  })
})
