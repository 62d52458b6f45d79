import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { explainSignature } from '../../../src/main/engine/signing/signature-explainer'
import { signRequest } from '../../../src/main/engine/signing/signer'
import { type RunningSandbox, startSandbox } from '../../../src/sandbox'
import { failedCheck, rawRequest } from './support/raw-request'

// The sandbox verifies signatures with its own code (src/sandbox/auth/hmac-verifier.ts). Two independent implementations
// agreeing on generated requests, and the sandbox refusing every single-part change, is the evidence the signer is
// right. Its signed export route is GET-only but signs the body it receives, so bodies are tested on the wire too.

const PATH = '/api/v1/export/101001/tickets'
const QUERY = '?filter[dateTimeFrom]=2025-04-28&filter[dateTimeTo]=2025-04-30'

let sb: RunningSandbox
let serial = 0
beforeAll(async () => {
  sb = await startSandbox({ quiet: true, clients: [], limits: { defaultPerWindow: 100_000 } })
})
afterAll(() => sb?.close())

/** A client of its own per run: every canonical string, hence every signature, is unique (replay protection). */
function registerClient(base: string, secret: string): string {
  serial += 1
  const clientId = `${base}-${serial}`
  sb.registerClient({ clientId, clientSecret: secret, redirectUris: ['http://127.0.0.1:9/callback'] })
  return clientId
}

const sandboxSeconds = () => Math.floor(sb.clock.now() / 1000)

const request = fc.record({
  clientBase: fc.stringMatching(/^[A-Za-z0-9._~-]{1,24}$/),
  secret: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 40 }),
  method: fc.mixedCase(fc.constant('get')),
  path: fc.mixedCase(fc.constant(PATH)),
  body: fc.option(fc.string({ unit: 'grapheme', maxLength: 120 }), { nil: null }),
  skew: fc.integer({ min: -5, max: 5 }),
})

describe('the sandbox and the signer agree (properties)', () => {
  it('accepts every signature the signer makes', async () => {
    await fc.assert(
      fc.asyncProperty(request, async r => {
        const clientId = registerClient(r.clientBase, r.secret)
        const timestamp = sandboxSeconds() + r.skew
        const signed = signRequest({ clientId, clientSecret: r.secret, method: r.method, path: r.path + QUERY, body: r.body, timestamp })
        const reply = await rawRequest(sb.url, { path: r.path + QUERY, headers: signed.headers, body: r.body })
        expect({ status: reply.status, check: failedCheck(reply) }).toEqual({ status: 200, check: undefined })
      }),
      { numRuns: 50 },
    )
  })

  it('refuses every single-part mutation, and the explainer calls it invalid', async () => {
    const part = fc.constantFrom('client_id', 'method', 'path', 'body', 'timestamp', 'signature')
    const extra = fc.string({ unit: 'grapheme', minLength: 1, maxLength: 8 })
    await fc.assert(
      fc.asyncProperty(request, part, extra, fc.integer({ min: 1, max: 3 }), fc.nat(63), async (r, which, more, shift, at) => {
        const clientId = registerClient(r.clientBase, r.secret)
        const timestamp = sandboxSeconds() + r.skew
        const sent = { clientId, clientSecret: r.secret, method: r.method, path: r.path + QUERY, body: r.body, timestamp }
        const signedInput = { ...sent }
        if (which === 'client_id') signedInput.clientId = `${clientId}${more}`
        if (which === 'method') signedInput.method = 'POST'
        if (which === 'path') signedInput.path = `${r.path}${shift}${QUERY}`
        if (which === 'body') signedInput.body = `${r.body ?? ''}${more}`
        if (which === 'timestamp') signedInput.timestamp = timestamp + shift
        let signature = signRequest(signedInput).signature
        if (which === 'signature') signature = signature.slice(0, at) + (signature[at] === '0' ? '1' : '0') + signature.slice(at + 1)
        const headers = { 'x-access-key': clientId, 'x-timestamp': String(timestamp), 'x-signature': signature }

        const reply = await rawRequest(sb.url, { path: r.path + QUERY, headers, body: r.body })
        expect({ status: reply.status, check: failedCheck(reply) }).toEqual({ status: 401, check: 'mismatch' })
        const verdict = explainSignature({ method: 'GET', path: r.path + QUERY, body: r.body, headers, clientSecret: r.secret })
        expect(verdict.signatureMatches).toBe(false)
      }),
      { numRuns: 60 },
    )
  })

  it('refuses a signature used twice (each request is signed afresh)', async () => {
    const clientId = registerClient('replay', 'replay-secret')
    const signed = signRequest({ clientId, clientSecret: 'replay-secret', method: 'GET', path: PATH, timestamp: sandboxSeconds() })
    expect((await rawRequest(sb.url, { path: PATH + QUERY, headers: signed.headers })).status).toBe(200)
    const again = await rawRequest(sb.url, { path: PATH + QUERY, headers: signed.headers })
    expect({ status: again.status, check: failedCheck(again) }).toEqual({ status: 401, check: 'reused' })
  })
})
