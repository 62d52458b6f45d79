import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { Doctor } from '../../../../src/main/engine/doctor/doctor'
import { ExchangeFacts } from '../../../../src/main/engine/doctor/exchange-facts'
import { queryParams } from '../../../../src/main/engine/doctor/query-params'
import { CLIENT_ID, FlowBuilder, SECRET, T0 } from './flow-builder'

/** Pieces hostile to a hand-written query reader: separators, escapes, `+`, a leading `?`, non-ASCII, lone surrogates. */
const PIECES = ['a', 'B', '=', '&', '&&', '%', '%3D', '%26', '%zz', '+', '?', 'é', '😀', '\uD800', '\uDC00', ' ', '[', ']']
const NAMES = ['token', 'Access_Token', 'client_secret', 'APIKEY', 'id_token', 'tokens', 'x', 'filter[dateTimeFrom]', 'state']
const rawQuery = fc.array(fc.oneof(fc.constantFrom(...PIECES), fc.constantFrom(...NAMES)), { maxLength: 14 }).map(parts => parts.join(''))

describe('the doctor reads queries and headers as URLSearchParams and a case-insensitive lookup would', () => {
  it('gives the same pairs, in order, and the same first value for every name as URLSearchParams', () => {
    fc.assert(
      fc.property(rawQuery, fc.constantFrom(...NAMES, '', 'a', 'aB'), (raw, asked) => {
        const ours = queryParams(raw)
        const theirs = new URLSearchParams(raw)
        expect([...ours]).toEqual([...theirs])
        for (const name of [asked, ...[...theirs].map(([n]) => n)]) expect(ours.get(name)).toBe(theirs.get(name))
      }),
      { numRuns: 3000 },
    )
  })

  it('fails a credential named in the query by the first such parameter, however the query is written', () => {
    const secretName = /^(access_token|refresh_token|client_secret|token|id_token|secret|api_key|apikey)$/i
    fc.assert(
      fc.property(rawQuery, raw => {
        const b = new FlowBuilder()
        b.add({ path: '/api/v1/locations', query: raw, at: T0, headers: { authorization: 'Bearer access-A-0123456789abcdef' } })
        const doctor = new Doctor({ clientId: CLIENT_ID, clientSecret: SECRET })
        for (const x of b.exchanges) doctor.observe(x)
        const rule = doctor.scorecard(Number.POSITIVE_INFINITY).rules.find(r => r.id === 'tokens.no-secret-in-url')!
        // The plain reading: every pair URLSearchParams sees, the first credential name decides.
        const named = [...new URLSearchParams(raw)].find(([n]) => secretName.test(n))
        expect(rule.verdict).toBe(named ? 'fail' : 'pass')
        if (named) expect(rule.message).toContain(`credential parameter "${named[0]}"`)
      }),
      { numRuns: 1500 },
    )
  })

  it('finds each request header by lower-case name, the first of repeated ones, whatever case it was sent in', () => {
    // With names toLowerCase changes outside ASCII: a Kelvin sign lowers to "k", a dotted capital I to two characters.
    const names = [
      'x-signature',
      'X-Timestamp',
      'X-ACCESS-KEY',
      'Authorization',
      'content-type',
      'Content-Length',
      'x-signaturE',
      'date',
      'x-access-\u212Aey',
      'x-s\u0130gnature',
      'If-None-Match',
      'x_signature',
      'CONTENT-TYPE',
    ]
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.constantFrom(...names), fc.string({ maxLength: 6 })), { maxLength: 10 }), headers => {
        const x = new FlowBuilder().locations(T0, 'access-A-0123456789abcdef')
        x.request.headers = headers
        const facts = new ExchangeFacts(x)
        // The names judges ask for are ASCII.
        for (const name of names.map(n => n.toLowerCase()).filter(n => /^[\x20-\x7e]*$/.test(n))) {
          expect(facts.header(name)).toBe(headers.find(([n]) => n.toLowerCase() === name)?.[1])
        }
      }),
      { numRuns: 1000 },
    )
  })
})
