import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { ExchangeVerdicts } from '../../../../src/main/engine/capture/exchange-verdicts'
import { explainSignature } from '../../../../src/main/engine/signing/signature-explainer'
import { signRequest } from '../../../../src/main/engine/signing/signer'

const env = { clientId: 'sbx_client_verdicts', clientSecret: 'sbx_secret_verdicts_0123456789' }
const SERVER_NOW = 1_760_000_000_000

/** A signed request as a partner's code might send it: right, or with one of the classic mistakes. */
const signedRequest = fc
  .record({
    method: fc.constantFrom('GET', 'POST', 'get', 'Post'),
    path: fc.constantFrom('/api/v1/exports', '/API/v1/Exports', '/api/v1/locations/12/install', '/api/v1/exports?from=2025-01-01'),
    body: fc.option(fc.constantFrom('{"locationId":12}', '', '{"a":"ü"}', 'null'), { nil: null }),
    ageSeconds: fc.integer({ min: -30, max: 30 }),
    mistake: fc.constantFrom('none', 'path-case', 'query', 'null-body', 'milliseconds', 'other-secret', 'uppercase-hex', 'no-key'),
  })
  .map(r => {
    const seconds = Math.floor(SERVER_NOW / 1000) - r.ageSeconds
    const signedPath = r.mistake === 'path-case' ? r.path.toUpperCase() : r.mistake === 'query' ? `${r.path}?x=1` : r.path
    const signed = signRequest({
      clientId: env.clientId,
      clientSecret: r.mistake === 'other-secret' ? 'another-secret-entirely-000' : env.clientSecret,
      method: r.method,
      path: signedPath,
      body: r.mistake === 'null-body' ? 'null' : r.body,
      timestamp: r.mistake === 'milliseconds' ? seconds * 1000 : seconds,
    })
    const signature = r.mistake === 'uppercase-hex' ? signed.signature.toUpperCase() : signed.signature
    return {
      method: r.method,
      target: r.path,
      body: r.body,
      accessKey: r.mistake === 'no-key' ? '' : env.clientId,
      timestamp: signed.headers['x-timestamp'],
      signature,
    }
  })

describe('a captured signed request’s verdict', () => {
  it('is "valid" exactly when the signature explainer calls the request valid, for right and mistaken requests alike', () => {
    fc.assert(
      fc.property(signedRequest, r => {
        const verdicts = new ExchangeVerdicts(env, () => SERVER_NOW)
        const headers = new Map([
          ['x-signature', r.signature],
          ['x-access-key', r.accessKey],
          ['x-timestamp', r.timestamp],
        ])
        const { notes, problem } = verdicts.explain({ method: r.method, target: r.target, headers, body: r.body }, SERVER_NOW)
        let explainedValid: boolean
        try {
          explainedValid = explainSignature({
            method: r.method,
            path: r.target,
            body: r.body,
            headers: { 'x-access-key': r.accessKey, 'x-timestamp': r.timestamp, 'x-signature': r.signature },
            clientSecret: env.clientSecret,
            clientId: env.clientId,
            serverNow: SERVER_NOW,
          }).valid
        } catch {
          explainedValid = false
        }
        const saidValid = notes.some(n => n.startsWith('Signature: valid'))
        expect(saidValid).toBe(explainedValid)
        expect(problem === null).toBe(explainedValid)
      }),
      { numRuns: 400 },
    )
  })
})
