import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { StartTimes } from '../../../../src/main/engine/doctor/judges/start-times'

describe('StartTimes, the pace judge’s window of one rate key', () => {
  it('holds what a plain array holds through any pushes, drops and reuses, growing past any size (property)', () => {
    const op = fc.oneof(
      fc.record({ kind: fc.constant('push' as const), at: fc.integer({ min: 0, max: 1e12 }) }),
      fc.record({ kind: fc.constant('drop' as const), at: fc.constant(0) }),
      fc.record({ kind: fc.constant('reset' as const), at: fc.integer({ min: 0, max: 1e12 }) }),
    )
    fc.assert(
      fc.property(fc.array(op, { maxLength: 300 }), ops => {
        const ring = new StartTimes()
        ring.reset(7)
        const model = [7]
        for (const { kind, at } of ops) {
          if (kind === 'push') {
            ring.push(at)
            model.push(at)
          } else if (kind === 'reset') {
            ring.reset(at)
            model.splice(0, model.length, at)
          } else if (model.length > 0) {
            ring.dropFirst()
            model.shift()
          }
          expect(ring.count).toBe(model.length)
          expect(ring.first()).toBe(model.length === 0 ? Number.NaN : model[0])
        }
        // Everything it holds, in order: drained from the oldest end.
        const drained: number[] = []
        while (ring.count > 0) {
          drained.push(ring.first())
          ring.dropFirst()
        }
        expect(drained).toEqual(model)
      }),
      { numRuns: 500 },
    )
  })
})
