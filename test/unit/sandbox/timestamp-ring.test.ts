import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { TimestampRing } from '../../../src/sandbox/state/timestamp-ring'

/** The rule the ring implements, as a plain list of every counted timestamp. */
class TimestampList {
  private list: number[] = []
  constructor(private limitSeen: number) {}
  get count() {
    return this.list.length
  }
  oldest() {
    return this.list[0]
  }
  evictOlderThan(now: number, windowMs: number) {
    while (this.list.length > 0 && now - (this.list[0] as number) >= windowMs) this.list.shift()
  }
  tryPush(now: number, limit: number) {
    if (limit !== this.limitSeen) {
      this.limitSeen = limit
      this.list = this.list.slice(this.list.length - Math.min(this.list.length, Math.max(1, limit)))
    }
    if (this.list.length >= limit) return false
    this.list.push(now)
    return true
  }
}

type Step = { kind: 'push'; dt: number; limit: number } | { kind: 'evict'; dt: number; windowMs: number }

const step: fc.Arbitrary<Step> = fc.oneof(
  // Mostly the same millisecond or the next few (requests under load), sometimes the clock moved back or far ahead.
  fc.record({
    kind: fc.constant('push' as const),
    dt: fc.oneof(fc.constant(0), fc.integer({ min: -50, max: 5 })),
    limit: fc.integer({ min: 0, max: 40 }),
  }),
  fc.record({ kind: fc.constant('evict' as const), dt: fc.integer({ min: -5, max: 200 }), windowMs: fc.integer({ min: 1, max: 100 }) }),
)

describe('quota timestamp ring', () => {
  it('counts, refuses and ages requests exactly as a list of every timestamp would, however many share a millisecond', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 40 }), fc.array(step, { maxLength: 400 }), (firstLimit, steps) => {
        const ring = new TimestampRing(firstLimit)
        const list = new TimestampList(firstLimit)
        let now = 1_000_000
        for (const s of steps) {
          now += s.dt
          if (s.kind === 'push') expect(ring.tryPush(now, s.limit)).toBe(list.tryPush(now, s.limit))
          else {
            ring.evictOlderThan(now, s.windowMs)
            list.evictOlderThan(now, s.windowMs)
          }
          expect([ring.count, ring.oldest()]).toEqual([list.count, list.oldest()])
        }
      }),
      { numRuns: 300 },
    )
  })

  it('counts a burst in one millisecond up to the limit and lets it all leave the window together', () => {
    const ring = new TimestampRing(100_000)
    for (let i = 0; i < 100_000; i++) expect(ring.tryPush(5_000, 100_000)).toBe(true)
    expect([ring.tryPush(5_000, 100_000), ring.count, ring.oldest()]).toEqual([false, 100_000, 5_000])
    ring.evictOlderThan(6_000, 1_000)
    expect([ring.count, ring.oldest(), ring.tryPush(6_000, 100_000)]).toEqual([0, undefined, true])
  })
})
