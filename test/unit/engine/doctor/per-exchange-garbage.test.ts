import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { Doctor } from '../../../../src/main/engine/doctor/doctor'
import { lowerCased, trimmed } from '../../../../src/main/engine/doctor/plain-text'
import { isPlainQuery, plainValueIs } from '../../../../src/main/engine/doctor/query-params'
import { CLIENT_ID, FlowBuilder, flow, SECRET, T0 } from './flow-builder'

/** Text hostile to a fast path: capitals, non-ASCII that lowers (Σ, İ), whitespace of every kind at either end. */
const PIECES = ['a', 'Z', 'x-Signature', 'İ', 'Σ', 'é', '😀', ' ', '\t', '\u00a0', '\u2028', '\ufeff', '\n', '0', '=', '&', '~']
const text = fc.array(fc.constantFrom(...PIECES), { maxLength: 10 }).map(parts => parts.join(''))

describe('the doctor’s allocation-free readings answer as the allocating ones', () => {
  it('lowers and trims text exactly as toLowerCase and trim do (property)', () => {
    fc.assert(
      fc.property(fc.oneof(text, fc.string({ unit: 'binary', maxLength: 12 })), s => {
        expect(lowerCased(s)).toBe(s.toLowerCase())
        expect(trimmed(s)).toBe(s.trim())
      }),
      { numRuns: 3000 },
    )
  })

  it('compares a plain query’s first value in place as URLSearchParams reads it (property)', () => {
    const NAMES = ['filter[dateTimeFrom]', 'filter[dateTimeTo]', 'a', 'filter']
    const PARTS = [...NAMES, '=', '&', '&&', '2025-04-01', '2025-04-0', 'x', '[', ']']
    const raw = fc.array(fc.constantFrom(...PARTS), { maxLength: 12 }).map(parts => parts.join(''))
    fc.assert(
      fc.property(raw, fc.constantFrom(...NAMES), fc.constantFrom('', '2025-04-01', '2025-04-0', 'x', '=x'), (q, name, value) => {
        if (!isPlainQuery(q)) return
        expect(plainValueIs(q, name, value)).toBe(new URLSearchParams(q).get(name) === value)
      }),
      { numRuns: 3000 },
    )
  })

  it('counts the pace per client and method when they share one path (the rate key cached by path)', () => {
    const b = new FlowBuilder()
    for (let i = 0; i < 100; i++) {
      const at = T0 + i * 1000
      b.add({ path: '/api/v1/other', at, headers: { 'x-access-key': CLIENT_ID } })
      b.add({ path: '/api/v1/other', at: at + 1, headers: { 'x-access-key': 'another-client' } })
      b.add({ path: '/api/v1/other', method: 'POST', at: at + 2, headers: { 'x-access-key': CLIENT_ID } })
    }
    const pace = (exchanges: typeof b.exchanges) => {
      const doctor = new Doctor({ clientId: CLIENT_ID, clientSecret: SECRET })
      for (const x of exchanges) doctor.observe(x)
      return doctor.scorecard(Number.POSITIVE_INFINITY).rules.find(r => r.id === 'limits.pace')!
    }
    // 100 each in the window: at the limit, never past it, whichever of the three keys the cache holds.
    expect(pace(b.exchanges).verdict).toBe('warning')
    b.add({ path: '/api/v1/other', method: 'post', at: T0 + 200_000, headers: { 'x-access-key': CLIENT_ID } })
    const over = pace(b.exchanges)
    expect(over.verdict).toBe('fail')
    expect(over.message).toMatch(/^More than 100 requests to POST \/api\/v1\/other within 60 minutes/)
  })

  it('judges each exchange alone although one set of facts is re-pointed at each, and keeps none of them', () => {
    const exchanges = flow()
    const shared = new Doctor({ clientId: CLIENT_ID, clientSecret: SECRET })
    const fresh = new Doctor({ clientId: CLIENT_ID, clientSecret: SECRET })
    const inside = fresh as unknown as { facts: unknown }
    for (const x of exchanges) {
      shared.observe(x)
      inside.facts = null
      fresh.observe(x)
    }
    expect(shared.scorecard(Number.POSITIVE_INFINITY)).toEqual(fresh.scorecard(Number.POSITIVE_INFINITY))
    // Between exchanges the facts point at nothing: no request (and none of its credentials) outlives its judging.
    const facts = (shared as unknown as { facts: { x: { logId: string }; header(n: string): unknown } }).facts
    expect([facts.x.logId, facts.header('authorization')]).toEqual(['', undefined])
  })
})
