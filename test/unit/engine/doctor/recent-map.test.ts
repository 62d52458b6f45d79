import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { BoundedMap } from '../../../../src/main/engine/doctor/judge'
import { RecentMap } from '../../../../src/main/engine/doctor/recent-map'

describe('RecentMap, the pace judge’s per-key state', () => {
  it('keeps and forgets exactly the keys BoundedMap keeps and forgets, for any sequence of writes (property)', () => {
    const keys = ['a', 'b', 'c', 'd', 'e', 'f', 'g']
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 5 }),
        fc.array(fc.tuple(fc.constantFrom(...keys), fc.integer()), { maxLength: 60 }),
        (max, writes) => {
          const recent = new RecentMap<number>(max)
          const bounded = new BoundedMap<string, number>(max)
          for (const [key, value] of writes) {
            const before = new Map(bounded)
            const evicted = recent.set(key, value)
            bounded.set(key, value)
            // The value it hands back for reuse is the one of the key it forgot, if any.
            const forgotten = [...before.keys()].find(k => k !== key && !bounded.has(k))
            expect(evicted).toBe(forgotten === undefined ? undefined : before.get(forgotten))
            expect(recent.size).toBe(bounded.size)
            for (const k of keys) expect(recent.get(k)).toBe(bounded.get(k))
          }
        },
      ),
      { numRuns: 300 },
    )
  })

  it('answers the same when each write follows a lookup of that key or of another, as the pace judge does (property)', () => {
    const keys = ['a', 'b', 'c', 'd', 'e']
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 4 }),
        fc.array(fc.tuple(fc.constantFrom(...keys), fc.constantFrom(...keys, null), fc.integer()), { maxLength: 60 }),
        (max, writes) => {
          const recent = new RecentMap<number>(max)
          const bounded = new BoundedMap<string, number>(max)
          for (const [key, looked, value] of writes) {
            if (looked !== null) expect(recent.get(looked)).toBe(bounded.get(looked))
            const had = bounded.has(key) ? undefined : [...bounded.values()][0]
            const evicted = recent.set(key, value)
            if (bounded.size === max) expect(evicted).toBe(had)
            bounded.set(key, value)
            expect(recent.size).toBe(bounded.size)
          }
          // Read back only at the end: a lookup between writes would refresh what the map remembers of the last one.
          for (const k of keys) expect(recent.get(k)).toBe(bounded.get(k))
        },
      ),
      { numRuns: 1000 },
    )
  })

  it('forgets the key written least recently, not the one inserted first', () => {
    const m = new RecentMap<number>(2)
    m.set('a', 1)
    m.set('b', 2)
    m.set('a', 3)
    m.set('c', 4)
    expect([m.get('a'), m.get('b'), m.get('c'), m.size]).toEqual([3, undefined, 4, 2])
  })
})
