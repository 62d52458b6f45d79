import { describe, expect, it } from 'vitest'
import { KeyLedger } from '../../../../src/main/engine/quota/key-ledger'

/** A small seeded generator: the same hostile sequence on every run. */
function seeded(seed: number): () => number {
  let s = seed >>> 0
  return () => {
    s = (Math.imul(s, 1_664_525) + 1_013_904_223) >>> 0
    return s / 2 ** 32
  }
}

const MINUTE = 60_000

describe("a quota key's per-minute history", () => {
  it('reads the same as a ledger that never answered before, whatever the order of requests and reads', () => {
    for (let seed = 1; seed <= 20; seed++) {
      const random = seeded(seed)
      const ledger = new KeyLedger()
      const sent: number[] = []
      let clock = 1_800_000_000_000 + Math.floor(random() * MINUTE)
      for (let step = 0; step < 400; step++) {
        const r = random()
        // Mostly requests a few ms apart in the same minute; sometimes a new minute, a clock step back or far ahead.
        if (r < 0.05) clock -= Math.floor(random() * 3 * MINUTE)
        else if (r < 0.1) clock += Math.floor(random() * 90 * MINUTE)
        else if (r < 0.2) clock += MINUTE
        else clock += Math.floor(random() * 50)
        if (random() < 0.7) {
          ledger.add(clock)
          sent.push(clock)
        }
        // Read now, a little later, or earlier than the last request (a clock that stepped back since).
        const late = random()
        const readAt = clock + (late < 0.15 ? Math.floor(random() * 2 * MINUTE) : late < 0.3 ? -Math.floor(random() * 70 * MINUTE) : 0)
        const fresh = new KeyLedger()
        for (const at of sent) fresh.add(at)
        expect(ledger.history(readAt)).toEqual(fresh.history(readAt))
      }
    }
  })

  it('forgets a minute whose slot a later request took, read from a clock that stepped back before it', () => {
    const ledger = new KeyLedger()
    const start = 1_800_000_000_000
    ledger.add(start)
    const now = start + 55 * MINUTE
    ledger.add(now)
    expect(ledger.history(now)[4]).toBe(1)
    // 60 minutes after the first request: its slot now counts the new minute, so the first is no longer known.
    ledger.add(start + 60 * MINUTE)
    const fresh = new KeyLedger()
    for (const at of [start, now, start + 60 * MINUTE]) fresh.add(at)
    expect(ledger.history(now)).toEqual(fresh.history(now))
    expect(ledger.history(now)[4]).toBe(0)
  })

  it('hands out a new array each time: a history kept by an earlier state does not change', () => {
    const ledger = new KeyLedger()
    const at = 1_800_000_000_000
    ledger.add(at)
    const before = ledger.history(at)
    ledger.add(at + 10)
    const after = ledger.history(at + 10)
    expect(before.at(-1)).toBe(1)
    expect(after.at(-1)).toBe(2)
    expect(after).not.toBe(before)
  })
})
