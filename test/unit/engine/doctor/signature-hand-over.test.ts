import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { CapturedExchange } from '../../../../src/main/engine/capture/captured-exchange'
import { ExchangeVerdicts } from '../../../../src/main/engine/capture/exchange-verdicts'
import { Doctor } from '../../../../src/main/engine/doctor/doctor'
import { hmacHex, signatureOf } from '../../../../src/main/engine/signing/signer'
import { CLIENT_ID, type FlowBuilder, type FlowSteps, flow, REDIRECT, SECRET, T0 } from './flow-builder'

/**
 * The capture checks each signed request's HMAC once (exchange-verdicts.ts) and hands the check on with the exchange;
 * the doctor's signature rule reuses it when it was made with the same key over the same request. These tests hold
 * the doctor's verdicts equal with and without the hand-over, on the classic signing mistakes and on random requests.
 */

/** The exchanges as the capture's recorder hands them over: each with the check its ExchangeVerdicts made. */
function withCaptureChecks(exchanges: CapturedExchange[], captureSecret = SECRET): CapturedExchange[] {
  const verdicts = new ExchangeVerdicts({ clientId: CLIENT_ID, clientSecret: captureSecret }, () => T0)
  return exchanges.map(x => {
    // As the recorder builds the request for its verdicts: lower-case names, repeated ones joined, the decoded body.
    const headers = new Map<string, string>()
    for (const [name, value] of x.request.headers) {
      const prev = headers.get(name.toLowerCase())
      headers.set(name.toLowerCase(), prev === undefined ? value : `${prev}, ${value}`)
    }
    const target = x.request.query ? `${x.request.path}?${x.request.query}` : x.request.path
    const body = x.request.body.size === 0 ? null : x.request.body.bytes.toString('utf8')
    const { signatureCheck } = verdicts.explain({ method: x.request.method, target, headers, body }, x.startedAt)
    return { ...x, signatureCheck }
  })
}

function scorecardOf(exchanges: CapturedExchange[]) {
  const doctor = new Doctor({ clientId: CLIENT_ID, clientSecret: SECRET, registeredRedirectUris: [REDIRECT] })
  for (const x of exchanges) doctor.observe(x)
  return doctor.scorecard(Number.POSITIVE_INFINITY)
}

const failedOf = (card: ReturnType<typeof scorecardOf>) => card.rules.filter(r => r.verdict === 'fail').map(r => r.id)

const EXPORT_PATH = '/api/v1/export/101001/tickets'
const EXPORT_QUERY = 'filter%5BdateTimeFrom%5D=2025-04-01&filter%5BdateTimeTo%5D=2025-04-02'

/** The signing mistakes of the partner integrations, and the rule each fails. */
const MISTAKES: Array<[string, Partial<FlowSteps>, string]> = [
  [
    'path not lowercased',
    {
      exports: (b, at) =>
        void b.exportTickets(at, { path: '/api/v1/Export/101001/Tickets', sign: { path: '/api/v1/Export/101001/Tickets' } }),
    },
    'signing.signature',
  ],
  ['timestamp in milliseconds', { exports: (b, at) => void b.exportTickets(at, { timestamp: at }) }, 'signing.timestamp-seconds'],
  [
    'query in the signed path',
    { exports: (b, at) => void b.exportTickets(at, { sign: { path: `${EXPORT_PATH}?${EXPORT_QUERY}` } }) },
    'signing.signature',
  ],
  ['null body signed', { exports: (b, at) => void b.exportTickets(at, { sign: { body: 'null' } }) }, 'signing.body'],
  [
    'reused signature',
    {
      exports: (b: FlowBuilder, at: number) => {
        const first = b.exportTickets(at)
        b.exportTickets(at + 3_000, { timestamp: Math.floor(at / 1000), headers: Object.fromEntries(first.request.headers) })
      },
    },
    'signing.fresh-signature',
  ],
  [
    'signed with another secret',
    {
      exports: (b, at) => {
        const ts = Math.floor(at / 1000)
        const signature = hmacHex('not-the-environment-secret', `${CLIENT_ID}GET${EXPORT_PATH}${ts}`)
        b.exportTickets(at, { headers: { 'x-signature': signature } })
      },
    },
    'signing.signature',
  ],
]

describe('the doctor reuses the capture’s signature check', () => {
  it('gives the same scorecard with and without the hand-over on a correct integration', () => {
    const exchanges = flow()
    const handed = withCaptureChecks(exchanges)
    expect(handed.filter(x => x.signatureCheck?.matches === true).length).toBeGreaterThan(0)
    expect(scorecardOf(handed)).toEqual(scorecardOf(exchanges))
    expect(failedOf(scorecardOf(handed))).toEqual([])
  })

  it.each(MISTAKES)('gives the same scorecard with and without the hand-over: %s', (_name, steps, rule) => {
    const exchanges = flow(steps)
    const handed = scorecardOf(withCaptureChecks(exchanges))
    expect(handed).toEqual(scorecardOf(exchanges))
    expect(failedOf(handed)).toEqual([rule])
  })

  it('does not reuse a check made with another key: the capture of another environment cannot pass a wrong signature', () => {
    const steps = MISTAKES.find(m => m[0] === 'signed with another secret')![1]
    const exchanges = flow(steps)
    // That capture holds the secret the partner used, so its check says "matches"; the doctor's key differs.
    const handed = withCaptureChecks(exchanges, 'not-the-environment-secret')
    expect(handed.some(x => x.signatureCheck?.matches === true)).toBe(true)
    expect(failedOf(scorecardOf(handed))).toEqual(['signing.signature'])
  })

  it('takes the result from the check made for the very request, and ignores one made for another request', () => {
    const [first, second] = flow({ exports: (b, at) => void [b.exportTickets(at), b.exportTickets(at + 5, { location: 101002 })] }).filter(
      x => x.request.headers.some(([n]) => n === 'x-signature'),
    ) as [CapturedExchange, CapturedExchange]
    const [check1, check2] = withCaptureChecks([first, second]).map(x => x.signatureCheck!)
    // A check for this request whose result was flipped: the doctor trusts the capture and computes no HMAC.
    expect(failedOf(scorecardOf([{ ...first, signatureCheck: { ...check1!, matches: false } }]))).toEqual(['signing.signature'])
    // The other request's check (another path, another signature) is not this request's: checked anew, it passes.
    expect(failedOf(scorecardOf([{ ...first, signatureCheck: { ...check2!, matches: false } }]))).toEqual([])
  })

  it('holds for any request a partner might sign, right or wrong (property)', () => {
    const request = fc.record({
      method: fc.constantFrom('GET', 'POST', 'get'),
      path: fc.constantFrom(EXPORT_PATH, '/api/v1/Export/101001/Tickets', '/api/v1/export/9/tickets/'),
      query: fc.constantFrom('', EXPORT_QUERY, 'a=%C3%BC'),
      body: fc.constantFrom('', '{"locationId":12}', '{"a":"ü"}', 'null'),
      signedPath: fc.constantFrom('as sent', 'with query', 'capitals kept'),
      signedBody: fc.constantFrom('as sent', 'null', 'empty'),
      milliseconds: fc.boolean(),
      skewSeconds: fc.integer({ min: -40, max: 40 }),
      secret: fc.constantFrom(SECRET, 'another-secret-entirely-000'),
      signatureTwice: fc.boolean(),
      upperHex: fc.boolean(),
    })
    fc.assert(
      fc.property(fc.array(request, { minLength: 1, maxLength: 6 }), requests => {
        const exchanges = requests.map((r, i): CapturedExchange => {
          const at = T0 + i * 2_000
          const seconds = Math.floor(at / 1000) + r.skewSeconds
          const ts = r.milliseconds ? seconds * 1000 : seconds
          const query = r.query ? `?${r.query}` : ''
          const signedPath =
            r.signedPath === 'with query' ? r.path + query : r.signedPath === 'capitals kept' ? r.path : r.path.toLowerCase()
          const signedBody = r.signedBody === 'null' ? 'null' : r.signedBody === 'empty' ? '' : r.body
          const canonical = `${CLIENT_ID}${r.method.toUpperCase()}${signedPath}${signedBody}${ts}`
          const hex = hmacHex(r.secret, canonical)
          const signature = r.upperHex ? hex.toUpperCase() : hex
          const headers: Array<[string, string]> = [
            ['X-Access-Key', CLIENT_ID],
            ['X-Timestamp', String(ts)],
            ['X-Signature', signature],
          ]
          if (r.signatureTwice)
            headers.push([
              'x-signature',
              signatureOf({ clientId: CLIENT_ID, clientSecret: SECRET, method: r.method, path: r.path, body: r.body, timestamp: ts }),
            ])
          const bytes = Buffer.from(r.body, 'utf8')
          return {
            logId: `log-${i + 1}`,
            seq: i + 1,
            envId: 'env-1',
            host: 'base',
            client: { peerAddress: '127.0.0.1', peerPort: 50000, userAgent: 'test' },
            startedAt: at,
            respondedAt: at + 20,
            request: {
              method: r.method,
              url: `https://api.partner.example${r.path}${query}`,
              path: r.path,
              query: r.query,
              headers,
              body: { bytes, size: bytes.length, truncated: false },
            },
            response: {
              status: 200,
              headers: [['date', new Date(at + 20).toUTCString()]],
              body: { bytes: Buffer.alloc(0), size: 0, truncated: false },
            },
            error: null,
            drill: null,
          }
        })
        expect(scorecardOf(withCaptureChecks(exchanges))).toEqual(scorecardOf(exchanges))
      }),
      { numRuns: 60 },
    )
  })
})
