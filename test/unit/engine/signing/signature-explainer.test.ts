import { createHmac } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { type ExplainInput, explainSignature } from '../../../../src/main/engine/signing/signature-explainer'

// Every wrong signature below is made by the test itself with node:crypto from a hand-written string, the way a
// partner's buggy client would make it; the explainer must name the mistake.
const ID = 'partner-7'
const SECRET = 'sk_live_9f8e7d6c'
const TS = 1712345678
const hmac = (key: string, text: string, enc: 'hex' | 'base64' = 'hex') => createHmac('sha256', key).update(text).digest(enc)

function explain(signature: string, over: Partial<ExplainInput> = {}) {
  return explainSignature({
    method: 'GET',
    path: '/api/v1/Export/7/tickets?filter[dateTimeFrom]=2024-04-01',
    body: null,
    clientSecret: SECRET,
    ...over,
    headers: { 'x-access-key': ID, 'x-timestamp': String(TS), 'x-signature': signature, ...over.headers },
  })
}

function reproducedBy(result: ReturnType<typeof explainSignature>): string[] {
  return result.diagnosis.filter(d => d.reproduces).map(d => d.id)
}

const GOOD = `${ID}GET/api/v1/export/7/tickets${TS}`
const JSON_BODY = '{"locationId":42,"note":"x"}'
const PRETTY_BODY = '{\n  "locationId": 42,\n  "note": "x"\n}'

describe('explainSignature', () => {
  it('says a correct signature is valid, with nothing to diagnose', () => {
    const result = explain(hmac(SECRET, GOOD))
    expect(result.valid).toBe(true)
    expect(result.signatureMatches).toBe(true)
    expect(result.diagnosis).toEqual([])
    expect(result.expected.canonical).toBe(GOOD)
  })

  it('accepts an uppercase hex signature as the same digest', () => {
    expect(explain(hmac(SECRET, GOOD).toUpperCase()).valid).toBe(true)
  })

  it('recognises a path that was not lowercased', () => {
    const result = explain(hmac(SECRET, `${ID}GET/api/v1/Export/7/tickets${TS}`))
    expect(result.valid).toBe(false)
    expect(reproducedBy(result)).toEqual(['path-not-lowercased'])
    expect(result.diagnosis[0]!.signedCanonical).toBe(`${ID}GET/api/v1/Export/7/tickets${TS}`)
  })

  it('recognises a query string included in the signed path', () => {
    const signed = `${ID}GET/api/v1/export/7/tickets?filter[datetimefrom]=2024-04-01${TS}`
    expect(reproducedBy(explain(hmac(SECRET, signed)))).toEqual(['query-included'])
  })

  it('recognises an absent body signed as "null"', () => {
    expect(reproducedBy(explain(hmac(SECRET, `${ID}GET/api/v1/export/7/ticketsnull${TS}`)))).toEqual(['body-null'])
  })

  it('recognises a body pretty-printed when signed but sent compact', () => {
    const signed = `${ID}POST/api/v1/export/7/tickets${PRETTY_BODY}${TS}`
    const result = explain(hmac(SECRET, signed), { method: 'POST', body: JSON_BODY })
    expect(reproducedBy(result)).toEqual(['body-pretty-printed'])
  })

  it('recognises a body minified when signed but sent pretty-printed', () => {
    const signed = `${ID}POST/api/v1/export/7/tickets${JSON_BODY}${TS}`
    const result = explain(hmac(SECRET, signed), { method: 'POST', body: PRETTY_BODY })
    expect(reproducedBy(result)).toEqual(['body-minified'])
  })

  it('recognises a timestamp signed in milliseconds while x-timestamp is in seconds', () => {
    const result = explain(hmac(SECRET, `${ID}GET/api/v1/export/7/tickets${TS}417`))
    expect(reproducedBy(result)).toEqual(['timestamp-milliseconds'])
    expect(result.diagnosis[0]!.explanation).toContain(`${TS}417`)
  })

  it('recognises a timestamp in milliseconds in both the header and the signed string', () => {
    const ms = `${TS}000`
    const result = explain(hmac(SECRET, `${ID}GET/api/v1/export/7/tickets${ms}`), { headers: { 'x-timestamp': ms } as never })
    expect(result.signatureMatches).toBe(true)
    expect(result.valid).toBe(false)
    expect(reproducedBy(result)).toEqual(['timestamp-milliseconds'])
  })

  it('recognises a lowercase method', () => {
    expect(reproducedBy(explain(hmac(SECRET, `${ID}get/api/v1/export/7/tickets${TS}`)))).toEqual(['method-lowercase'])
  })

  it('recognises client_id and secret swapped, without echoing the secret', () => {
    const result = explain(hmac(ID, `${SECRET}GET/api/v1/export/7/tickets${TS}`))
    expect(reproducedBy(result)).toEqual(['client-id-secret-swapped'])
    expect(JSON.stringify(result.diagnosis)).not.toContain(SECRET)
  })

  it('recognises the access key used as the HMAC key', () => {
    expect(reproducedBy(explain(hmac(ID, GOOD)))).toEqual(['wrong-key-access-key'])
  })

  it('recognises base64 instead of hex', () => {
    expect(reproducedBy(explain(hmac(SECRET, GOOD, 'base64')))).toEqual(['base64-not-hex'])
  })

  it('recognises separators between the parts', () => {
    const result = explain(hmac(SECRET, [ID, 'GET', '/api/v1/export/7/tickets', '', TS].join('\n')))
    expect(reproducedBy(result)).toEqual(['separators-added'])
    expect(result.diagnosis[0]!.explanation).toContain('"\\n"')
  })

  it('recognises a trailing slash difference', () => {
    expect(reproducedBy(explain(hmac(SECRET, `${ID}GET/api/v1/export/7/tickets/${TS}`)))).toEqual(['trailing-slash'])
  })

  it('recognises a host included in the signed path when given a full URL', () => {
    const result = explain(hmac(SECRET, `${ID}GEThttps://api.example.com/api/v1/export/7/tickets${TS}`), {
      path: 'https://api.example.com/api/v1/export/7/tickets',
    })
    expect(reproducedBy(result)).toEqual(['host-included'])
  })

  it('recognises a secret with a trailing newline', () => {
    expect(reproducedBy(explain(hmac(`${SECRET}\n`, GOOD)))).toEqual(['secret-whitespace'])
  })

  it('recognises a signed timestamp one second off x-timestamp', () => {
    expect(reproducedBy(explain(hmac(SECRET, `${ID}GET/api/v1/export/7/tickets${TS - 1}`)))).toEqual(['timestamp-mismatch'])
  })

  it('recognises a body left out of the signed string', () => {
    const result = explain(hmac(SECRET, `${ID}POST/api/v1/export/7/tickets${TS}`), { method: 'POST', body: JSON_BODY })
    expect(reproducedBy(result)).toEqual(['body-omitted'])
  })

  it('recognises two mistakes at once (lowercase method and query included)', () => {
    const signed = `${ID}get/api/v1/export/7/tickets?filter[datetimefrom]=2024-04-01${TS}`
    const result = explain(hmac(SECRET, signed))
    expect(reproducedBy(result)).toEqual(['query-included+method-lowercase'])
    expect(result.diagnosis[0]!.combination).toEqual(['query-included', 'method-lowercase'])
  })

  it('flags a stale timestamp against the server time, even when the signature matches', () => {
    const result = explain(hmac(SECRET, GOOD), { serverNow: (TS + 11) * 1000 })
    expect(result.signatureMatches).toBe(true)
    expect(result.valid).toBe(false)
    expect(result.stale).toMatchObject({ state: 'stale', ageSeconds: 11, lifetimeSeconds: 10 })
    expect(reproducedBy(result)).toEqual(['timestamp-stale'])
  })

  it('flags a timestamp in the future and accepts one inside the lifetime', () => {
    const future = explain(hmac(SECRET, GOOD), { serverNow: (TS - 15) * 1000 })
    expect(reproducedBy(future)).toEqual(['timestamp-future'])
    const fresh = explain(hmac(SECRET, GOOD), { serverNow: (TS + 9) * 1000 })
    expect(fresh.valid).toBe(true)
    expect(fresh.stale?.state).toBe('fresh')
  })

  it('says so when no plausible mistake reproduces the signature, listing what it ruled out', () => {
    const result = explain(hmac('another-secret', GOOD))
    expect(result.valid).toBe(false)
    expect(reproducedBy(result)).toEqual([])
    expect(result.diagnosis.map(d => d.id)).toContain('query-included')
    expect(result.summary).toMatch(/another secret/)
  })

  it('refuses an x-timestamp that is not digits', () => {
    expect(() => explain(hmac(SECRET, GOOD), { headers: { 'x-timestamp': 'yesterday' } as never })).toThrow(/whole seconds/)
  })
})
