import { createHmac } from 'node:crypto'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { ConsoleError } from '../../../../src/main/engine/core/console-error'
import { canonicalParts, signatureOf, signRequest } from '../../../../src/main/engine/signing/signer'

const SECRET = 's3cr3t-key'
const CLIENT = 'client-abc'

describe('signRequest: fixed vectors computed with openssl (spec 5.2)', () => {
  it('signs a GET without a body as client_id + METHOD + path + "" + timestamp', () => {
    // printf '%s' 'client-abcGET/api/v1/export/42/tickets1700000000' | openssl dgst -sha256 -hmac 's3cr3t-key'
    const openssl = 'e068641f8e5c8734040b9b55cf8c8cd235a8573cf9bb2dd63d60c3890bcd0d80'
    const signed = signRequest({
      clientId: CLIENT,
      clientSecret: SECRET,
      method: 'GET',
      path: '/api/v1/export/42/tickets',
      timestamp: 1700000000,
    })
    expect(signed.canonical).toBe('client-abcGET/api/v1/export/42/tickets1700000000')
    expect(signed.signature).toBe(openssl)
  })

  it('uppercases the method, lowercases the path and drops the query', () => {
    // printf '%s' 'client-abcGET/api/v1/export/42/tickets1700000123' | openssl dgst -sha256 -hmac 's3cr3t-key'
    const openssl = 'a4038a161fa34c9590cca53286ac70b43640e27f25c15a3886a99fc223065c3d'
    const signed = signRequest({
      clientId: CLIENT,
      clientSecret: SECRET,
      method: 'get',
      path: '/API/V1/Export/42/Tickets?filter[dateTimeFrom]=2024-01-01&filter[dateTimeTo]=2024-01-31',
      body: null,
      timestamp: 1700000123,
    })
    expect(signed.signature).toBe(openssl)
    expect(signed.parts[2]!.rule).toContain('query string dropped')
    expect(signed.parts[2]!.rule).toContain('path lowercased')
  })

  it('signs a JSON body exactly as sent', () => {
    // printf '%s' 'client-abcPOST/marketplace/v2/platform-token/installations{"locationId":42}1700000456' \
    //   | openssl dgst -sha256 -hmac 's3cr3t-key'
    const openssl = 'd6453cf8b5a8ad0db9fbed604f2bcf9da601a3c3ca82058920900b9d6b4d4725'
    const signed = signRequest({
      clientId: CLIENT,
      clientSecret: SECRET,
      method: 'POST',
      path: '/marketplace/v2/platform-token/installations',
      body: '{"locationId":42}',
      timestamp: 1700000456,
    })
    expect(signed.signature).toBe(openssl)
  })

  it('signs a unicode body as UTF-8 and reports byte and character offsets', () => {
    // printf '%s' 'client-abcPOST/api/v1/notes{"name":"Café ☕ 東京 😀"}1700000789' | openssl dgst -sha256 -hmac 's3cr3t-key'
    // printf '%s' '{"name":"Café ☕ 東京 😀"}' | wc -c   → 32
    const openssl = '5fa6b35404b5d845b715ddc8e7aed7772fdfeb1c559862a02c7f805bb07062d5'
    const signed = signRequest({
      clientId: CLIENT,
      clientSecret: SECRET,
      method: 'POST',
      path: '/api/v1/notes',
      body: '{"name":"Café ☕ 東京 😀"}',
      timestamp: 1700000789,
    })
    expect(signed.signature).toBe(openssl)
    const body = signed.parts[3]!
    expect([body.offset, body.length, body.charOffset, body.charLength]).toEqual([27, 32, 27, 23])
    const ts = signed.parts[4]!
    expect([ts.offset, ts.length, ts.charOffset, ts.charLength]).toEqual([59, 10, 50, 10])
  })

  it('drops scheme and host when given a full URL', () => {
    // printf '%s' 'partner-42GET/api/v1/export/7/tickets1712345678' | openssl dgst -sha256 -hmac 'Sup3r/Secret+Key=='
    const openssl = 'b5923ef61b5e65abd3598c567a63724815668e4c97b9204868fe9f129122a18f'
    const signed = signRequest({
      clientId: 'partner-42',
      clientSecret: 'Sup3r/Secret+Key==',
      method: 'GET',
      path: 'https://Partner.Example.com:8443/API/v1/export/7/tickets?filter[dateTimeFrom]=2024-04-01#top',
      timestamp: 1712345678,
    })
    expect(signed.signature).toBe(openssl)
    expect(signed.parts[2]!.rule).toBe('scheme and host dropped; query string dropped; fragment dropped; path lowercased')
  })
})

describe('canonical parts', () => {
  it('signs a missing or null body as the empty string, never "null"', () => {
    for (const body of [undefined, null]) {
      const { canonical, parts } = canonicalParts({ clientId: 'c', method: 'GET', path: '/p', body, timestamp: 5 })
      expect(canonical).toBe('cGET/p5')
      expect(parts[3]).toMatchObject({ value: '', source: '', rule: 'no body: empty string', length: 0 })
    }
  })

  it('gives the three headers, x-timestamp equal to the signed timestamp', () => {
    const signed = signRequest({ clientId: 'cid', clientSecret: 'secret!', method: 'get', path: '/x', timestamp: 1700000000.9 })
    expect(signed.headers).toEqual({ 'x-access-key': 'cid', 'x-timestamp': '1700000000', 'x-signature': signed.signature })
    expect(signed.parts[4]).toMatchObject({ value: '1700000000', rule: expect.stringContaining('fraction dropped') })
    expect(signed.signature).toMatch(/^[0-9a-f]{64}$/)
  })

  it('signs the path an HTTP client puts on the wire (percent-encoding, dot segments)', () => {
    const { parts } = canonicalParts({ clientId: 'c', method: 'GET', path: '/Export/a b/../Café?q=1', timestamp: 1 })
    expect(parts[2]!.value).toBe('/export/caf%c3%a9')
    expect(parts[2]!.rule).toContain('percent-encoded')
  })

  it('explains each rule in one sentence', () => {
    const { parts } = canonicalParts({ clientId: 'c', method: 'POST', path: '/already/lower', body: '', timestamp: 1 })
    expect(parts.map(p => p.rule)).toEqual([
      'client_id as given, the same value as x-access-key',
      'method already uppercase',
      'path already lowercase',
      'empty body: empty string',
      'whole Unix seconds, the same value as x-timestamp',
    ])
  })

  it('refuses to sign without a secret or with a negative timestamp', () => {
    expect(() => signRequest({ clientId: 'c', clientSecret: '', method: 'GET', path: '/', timestamp: 1 })).toThrow(ConsoleError)
    expect(() => signRequest({ clientId: 'c', clientSecret: 'k', method: 'GET', path: '/', timestamp: -1 })).toThrow(/not a Unix time/)
    expect(() => signRequest({ clientId: '', clientSecret: 'k', method: 'GET', path: '/', timestamp: 1 })).toThrow(/client_id/)
  })

  it('places every part at its byte and character offsets, for any text (property)', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'grapheme', minLength: 1, maxLength: 20 }),
        fc.constantFrom('get', 'POST', 'Patch'),
        fc.webPath(),
        fc.option(fc.string({ unit: 'grapheme', maxLength: 200 }), { nil: null }),
        fc.integer({ min: 0, max: 99_999_999_999 }),
        (clientId, method, path, body, timestamp) => {
          const { canonical, parts } = canonicalParts({ clientId, method, path, body, timestamp })
          const bytes = Buffer.from(canonical, 'utf8')
          let expectedOffset = 0
          for (const p of parts) {
            expect(p.offset).toBe(expectedOffset)
            expect(bytes.subarray(p.offset, p.offset + p.length).toString('utf8')).toBe(p.value)
            expect(canonical.slice(p.charOffset, p.charOffset + p.charLength)).toBe(p.value)
            expectedOffset += p.length
          }
          expect(expectedOffset).toBe(bytes.length)
          expect(canonical).toBe(parts.map(p => p.value).join(''))
        },
      ),
      { numRuns: 300 },
    )
  })

  it('agrees with an independent HMAC of the 5.2 concatenation for ASCII paths (property)', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^[A-Za-z0-9_-]{1,24}$/),
        fc.stringMatching(/^[A-Za-z0-9_-]{1,40}$/),
        fc.stringMatching(/^(\/[A-Za-z0-9_-]{1,10}){1,5}$/),
        fc.stringMatching(/^[A-Za-z0-9=&[\]-]{0,30}$/),
        fc.string({ maxLength: 100 }),
        fc.integer({ min: 1_000_000_000, max: 4_000_000_000 }),
        (clientId, secret, path, query, body, ts) => {
          const signed = signRequest({ clientId, clientSecret: secret, method: 'post', path: `${path}?${query}`, body, timestamp: ts })
          const independent = createHmac('sha256', secret).update(`${clientId}POST${path.toLowerCase()}${body}${ts}`).digest('hex')
          expect(signed.signature).toBe(independent)
        },
      ),
      { numRuns: 200 },
    )
  })
})

describe('signatureOf: the signature alone, as the doctor checks one per captured request', () => {
  it('equals signRequest’s signature for any method, target, body and timestamp', () => {
    const target = fc.oneof(
      fc.string(),
      fc.webUrl({ withQueryParameters: true, withFragments: true }),
      fc.constantFrom('/API/v1/Export/7/Tickets?x=1#f', '/a/../b/./c', '/%2E%2e/x', '/ caf\u00e9?q', '//double/slash', 'relative/path'),
    )
    fc.assert(
      fc.property(
        fc.string({ minLength: 1 }),
        fc.constantFrom('get', 'POST', 'Delete', 'pAtCh'),
        target,
        fc.option(fc.string(), { nil: null }),
        fc.oneof(fc.integer({ min: 0, max: 2 ** 40 }), fc.double({ min: 0, max: 2e12, noNaN: true })),
        (clientId, method, path, body, timestamp) => {
          const input = { clientId, clientSecret: SECRET, method, path, body, timestamp }
          expect(signatureOf(input)).toBe(signRequest(input).signature)
        },
      ),
    )
  })

  it('refuses what signRequest refuses, with the same words', () => {
    const base = { clientId: CLIENT, clientSecret: SECRET, method: 'GET', path: '/x', timestamp: 1700000000 }
    for (const bad of [
      { ...base, clientSecret: '' },
      { ...base, clientId: '' },
      { ...base, timestamp: -1 },
    ]) {
      const refusal = captureError(() => signRequest(bad))
      expect(refusal).toBeInstanceOf(ConsoleError)
      expect(captureError(() => signatureOf(bad))).toEqual(refusal)
    }
  })
})

function captureError(run: () => unknown): unknown {
  try {
    run()
  } catch (error) {
    return error
  }
  return null
}
