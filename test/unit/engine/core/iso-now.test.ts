import { describe, expect, it } from 'vitest'
import { isoNow } from '../../../../src/main/engine/core/iso-now'

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
})
