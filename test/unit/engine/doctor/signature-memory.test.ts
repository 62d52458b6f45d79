import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { ExchangeFacts } from '../../../../src/main/engine/doctor/exchange-facts'
import type { Tallies } from '../../../../src/main/engine/doctor/judge'
import { ReuseJudge } from '../../../../src/main/engine/doctor/judges/reuse-judge'
import { StringSlots } from '../../../../src/main/engine/doctor/string-slots'
import { FlowBuilder, T0 } from './flow-builder'

const TEN_MINUTES = 10 * 60_000

/** Keys hostile to a hash table: empty, one apart, long shared prefixes and suffixes, non-ASCII, lone surrogates. */
const KEYS = ['', 'a', 'b', 'ab', 'ba', 'a'.repeat(70), `${'a'.repeat(69)}b`, `b${'a'.repeat(69)}`, 'İ', 'σ', '😀', '\ud800', 'x y']

describe('StringSlots, the open-addressing index under the doctor’s per-exchange state', () => {
  it('finds exactly the keys a Map holds, for any sequence of puts and frees (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 12 }),
        fc.array(fc.tuple(fc.boolean(), fc.constantFrom(...KEYS), fc.nat()), { maxLength: 200 }),
        (capacity, ops) => {
          const slots = new StringSlots(capacity)
          const model = new Map<string, number>()
          for (const [put, key, pick] of ops) {
            const free = Array.from({ length: capacity }, (_, s) => s).filter(s => ![...model.values()].includes(s))
            if (put && !model.has(key) && free.length > 0) {
              const slot = free[pick % free.length]!
              slots.put(key, slot)
              model.set(key, slot)
            } else if (!put && model.size > 0) {
              const [gone, slot] = [...model.entries()][pick % model.size]!
              slots.free(slot)
              model.delete(gone)
            }
            for (const k of KEYS) expect(slots.find(k)).toBe(model.get(k) ?? -1)
          }
        },
      ),
      { numRuns: 500 },
    )
  })

  it('stays correct when its table is at its fullest, through thousands of keys cycling through it', () => {
    const slots = new StringSlots(1000)
    const held: string[] = []
    for (let i = 0; i < 20_000; i++) {
      const slot = i % 1000
      if (i >= 1000) slots.free(slot)
      const key = `/api/v1/export/${100_000 + i}/tickets`
      slots.put(key, slot)
      held[slot] = key
    }
    expect(held.every((k, s) => slots.find(k) === s)).toBe(true)
    expect(slots.find('/api/v1/export/100000/tickets')).toBe(-1)
  })
})

type Verdict = ['pass', string] | ['fail', string[], string] | ['sent before', boolean]

/**
 * The rule as a plain model: a Map of signature → its first sending (insertion order), forgetting entries older
 * than ten minutes from the oldest end and any past `max`; the same decisions as reuse-judge.ts on top of it.
 */
function modelVerdicts(b: FlowBuilder, max: number, asks: readonly boolean[] = []): Verdict[] {
  const seen = new Map<string, { at: number; logId: string; ts: string; verified: boolean }>()
  const out: Verdict[] = []
  for (const [n, x] of b.exchanges.entries()) {
    const sig = x.request.headers
      .find(([n]) => n === 'x-signature')![1]
      .trim()
      .toLowerCase()
    const ts = (x.request.headers.find(([n]) => n === 'x-timestamp')?.[1] ?? '').trim()
    const now = x.startedAt
    // Asked before this exchange's eviction, as the skew judge asks before the reuse judge observes.
    if (asks[n] !== false) out.push(['sent before', seen.has(sig)])
    for (const [k, v] of seen) {
      if (v.at >= now - TEN_MINUTES && seen.size <= max) break
      seen.delete(k)
    }
    const status = x.response?.status ?? null
    const verified = status !== null && x.drill === null && status !== 401 && status !== 429 && status < 500
    const before = seen.get(sig)
    if (before === undefined) {
      seen.set(sig, { at: now, logId: x.logId, ts, verified })
      out.push(['pass', x.logId])
    } else if (!before.verified && Math.abs(now - before.at) < 1500) {
      if (verified) before.verified = true
      out.push(['pass', x.logId])
    } else {
      const sameSecond = before.ts === ts && Math.abs(now - before.at) < 1500
      out.push(['fail', [before.logId, x.logId], sameSecond ? 'same second' : 'sent again'])
    }
  }
  return out
}

function judgeVerdicts(b: FlowBuilder, max: number, asks: readonly boolean[] = []): Verdict[] {
  const judge = new ReuseJudge(max)
  const out: Verdict[] = []
  const tallies = {
    'signing.fresh-signature': {
      pass: (id: string) => out.push(['pass', id]),
      fail: (ids: string[], message: string) => out.push(['fail', ids, message.startsWith('Two identical') ? 'same second' : 'sent again']),
    },
  } as unknown as Tallies
  for (const [n, x] of b.exchanges.entries()) {
    const facts = new ExchangeFacts(x)
    // What the skew judge asks first (when it judges the exchange): whether an earlier exchange sent this signature
    // (and it is remembered).
    if (asks[n] !== false) out.push(['sent before', judge.sentBefore(facts.header('x-signature')!, x.logId)])
    judge.observe(facts, tallies)
  }
  return out
}

describe('the reuse judge’s bounded signature memory', () => {
  it('gives the verdicts of a plain Map with timestamps, whatever the order signatures leave it in (property)', () => {
    const sigs = ['', 'ab', 'BA', ' ab ', 'a'.repeat(64), `${'a'.repeat(63)}b`, 'σ', '😀', 'c', 'd']
    const exchange = fc.record({
      sig: fc.constantFrom(...sigs),
      // Timestamps kept as numbers when plain digits name them alone, as text otherwise: equal only as equal texts.
      ts: fc.constantFrom(
        '1745830800',
        '1745830801',
        '',
        '01745830800',
        ' 1745830800',
        '1745830800000',
        '9999999999999999',
        '1e9',
        '0',
        '00',
        '-1',
      ),
      ask: fc.boolean(),
      // Times out of order too: the capture records exchanges as they finish, not as they started.
      step: fc.integer({ min: -2000, max: 5 * 60_000 }),
      status: fc.constantFrom(200, 200, 401, 429, 503),
    })
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 6 }), fc.array(exchange, { maxLength: 80 }), (max, xs) => {
        const b = new FlowBuilder()
        let at = T0
        for (const x of xs) {
          at += x.step
          b.add({ path: '/api/v1/export/1/tickets', at, status: x.status, headers: { 'x-signature': x.sig, 'x-timestamp': x.ts } })
        }
        const asks = xs.map(x => x.ask)
        expect(judgeVerdicts(b, max, asks)).toEqual(modelVerdicts(b, max, asks))
      }),
      { numRuns: 400 },
    )
  })

  it('tells a same-second duplicate from a resend by the timestamp’s text, not its number', () => {
    const pair = (first: string, second: string) => {
      const b = new FlowBuilder()
      b.add({ path: '/api/v1/export/1/tickets', at: T0, headers: { 'x-signature': 'sig', 'x-timestamp': first } })
      b.add({ path: '/api/v1/export/1/tickets', at: T0 + 400, headers: { 'x-signature': 'sig', 'x-timestamp': second } })
      return judgeVerdicts(b, 10).at(-1)
    }
    expect(pair('1745830800', '1745830800')).toEqual(['fail', ['log-1', 'log-2'], 'same second'])
    expect(pair('1745830800', ' 1745830800 ')).toEqual(['fail', ['log-1', 'log-2'], 'same second'])
    for (const [first, second] of [
      ['01745830800', '1745830800'],
      ['1745830800', '01745830800'],
      ['1e9', '1000000000'],
      ['9007199254740993', '9007199254740992'],
    ])
      expect(pair(first!, second!), `${first} then ${second}`).toEqual(['fail', ['log-1', 'log-2'], 'sent again'])
    expect(pair('1e9', '1e9')).toEqual(['fail', ['log-1', 'log-2'], 'same second'])
  })

  it('catches a signature reused within ten minutes after 25,000 fresh ones passed through its 20,000 places', () => {
    const b = new FlowBuilder()
    for (let i = 0; i < 25_000; i++) b.add({ path: '/api/v1/export/1/tickets', at: T0 + i * 10, headers: { 'x-signature': `sig-${i}` } })
    b.add({ path: '/api/v1/export/1/tickets', at: T0 + 300_000, headers: { 'x-signature': 'sig-24000' } })
    b.add({ path: '/api/v1/export/1/tickets', at: T0 + 300_010, headers: { 'x-signature': 'sig-1000' } })
    const verdicts = judgeVerdicts(b, 20_000)
    expect(verdicts.filter(v => v[0] !== 'sent before').slice(-2)).toEqual([
      ['fail', ['log-24001', 'log-25001'], 'sent again'],
      // Past the 20,000 most recent: forgotten, as the Map was.
      ['pass', 'log-25002'],
    ])
    expect(verdicts).toEqual(modelVerdicts(b, 20_000))
  })
})
