import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { BoundedMap } from '../../../../src/main/engine/doctor/judge'
import { RecentKeys } from '../../../../src/main/engine/doctor/recent-keys'

describe('RecentKeys, the pace judge’s keys and their slots', () => {
  it('keeps and forgets exactly the keys BoundedMap keeps and forgets, each in a slot of its own it keeps while held (property)', () => {
    const keys = ['a', 'b', 'c', 'd', 'e', 'f', 'g']
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 5 }), fc.array(fc.constantFrom(...keys), { maxLength: 80 }), (max, uses) => {
        const recent = new RecentKeys(max)
        const bounded = new BoundedMap<string, true>(max)
        const slotOf = new Map<string, number>()
        for (const key of uses) {
          const held = bounded.has(key)
          const slot = recent.use(key)
          bounded.set(key, true)
          // Fresh exactly when the key was not held; a held key answers the slot it had.
          expect(recent.fresh).toBe(!held)
          if (held) expect(slot).toBe(slotOf.get(key))
          for (const k of slotOf.keys()) if (!bounded.has(k)) slotOf.delete(k)
          slotOf.set(key, slot)
          expect(slot).toBeGreaterThanOrEqual(0)
          expect(slot).toBeLessThan(max)
          // No two held keys share a slot.
          expect(new Set(slotOf.values()).size).toBe(slotOf.size)
          expect(recent.size).toBe(bounded.size)
        }
      }),
      { numRuns: 1000 },
    )
  })

  it('forgets the key used least recently, not the one inserted first, and gives its slot to the new key', () => {
    const m = new RecentKeys(2)
    const a = m.use('a')
    const b = m.use('b')
    m.use('a')
    expect(m.use('c')).toBe(b)
    expect(m.fresh).toBe(true)
    expect(m.use('a')).toBe(a)
    expect(m.fresh).toBe(false)
    m.use('b')
    expect(m.fresh).toBe(true)
    expect(m.size).toBe(2)
  })
})
