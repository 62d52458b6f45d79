import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { type InFlightLinks, InFlightList } from '../../../../src/main/engine/http/in-flight'

interface Item extends InFlightLinks {
  name: number
}

const item = (name: number): Item => ({ name, inFlightPrev: null, inFlightNext: null })

describe('the exchanges in flight that a client stops on shutdown', () => {
  it('are exactly those that joined and have not left, whatever the order (leaving twice, or never joined, does nothing)', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.boolean(), fc.integer({ min: 0, max: 7 })), { maxLength: 60 }), ops => {
        const items = Array.from({ length: 8 }, (_, i) => item(i))
        const list = new InFlightList<Item>()
        const model = new Set<number>()
        for (const [join, i] of ops) {
          // An exchange joins once (runAttempt adds it when it starts); leaving may repeat.
          if (join && !model.has(i)) {
            list.add(items[i] as Item)
            model.add(i)
          } else if (!join) {
            list.delete(items[i] as Item)
            model.delete(i)
          }
          expect(
            list
              .items()
              .map(x => x.name)
              .sort(),
          ).toEqual([...model].sort())
        }
      }),
    )
  })

  it('hands out a copy, so stopping each one (which makes it leave) still reaches all of them', () => {
    const list = new InFlightList<Item>()
    const items = [item(1), item(2), item(3)]
    for (const x of items) list.add(x)
    const stopped: number[] = []
    for (const x of list.items()) {
      list.delete(x)
      stopped.push(x.name)
    }
    expect(stopped.sort()).toEqual([1, 2, 3])
    expect(list.items()).toEqual([])
  })
})
