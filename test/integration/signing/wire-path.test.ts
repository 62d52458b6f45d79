import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import fc from 'fast-check'
import { request } from 'undici'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { canonicalParts } from '../../../src/main/engine/signing/signer'

// The signer must sign the path an HTTP client actually sends. A loopback server records the request line's target
// for paths with spaces, unicode, dot segments and mixed case, sent with undici (what the executor uses).
let server: Server
let base: string
let lastTarget = ''
beforeAll(async () => {
  server = createServer((req, res) => {
    lastTarget = req.url ?? ''
    res.end()
  })
  await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(() => new Promise<void>(resolve => server.close(() => resolve())))

const segment = fc.oneof(
  fc.string({ unit: 'grapheme', minLength: 1, maxLength: 8 }).filter(s => !/[/?#\\%]/.test(s)),
  fc.constantFrom('.', '..', 'Export', 'TICKETS', 'a b', ' ', 'café', '東京'),
)

describe('signed path = path on the wire', () => {
  it('matches what undici puts on the request line, lowercased, for full URLs (property)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(segment, { minLength: 1, maxLength: 5 }), async segments => {
        const url = `${base}/${segments.join('/')}?filter[dateTimeFrom]=2024-01-01`
        const res = await request(url)
        await res.body.dump()
        const wirePath = lastTarget.split('?')[0]!
        const { parts } = canonicalParts({ clientId: 'c', method: 'GET', path: url, timestamp: 1 })
        expect(parts[2]!.value).toBe(wirePath.toLowerCase())
        const fromPathOnly = canonicalParts({ clientId: 'c', method: 'GET', path: url.slice(base.length), timestamp: 1 })
        expect(fromPathOnly.parts[2]!.value).toBe(wirePath.toLowerCase())
      }),
      { numRuns: 60 },
    )
  })
})
