import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { CapturedExchange } from '../../../../src/main/engine/capture/captured-exchange'
import { Doctor } from '../../../../src/main/engine/doctor/doctor'
import type { Judge } from '../../../../src/main/engine/doctor/judge'
import { CLIENT_ID, FlowBuilder, flow, SECRET, T0 } from './flow-builder'

const PATHS = [
  '/oauth2/authorize/',
  '/oauth2/token',
  '/marketplace/v2/platform-token/locations',
  '/marketplace/v2/platform-token/installations/',
  '/API/v1/Locations',
  '/api/v1/export/101001/tickets',
  '/api/v1/other',
  '/_sandbox/clock',
]
const QUERIES = [
  '',
  'state=abc&response_type=code&redirect_uri=http%3A%2F%2Fexample.com%2Fcb',
  'access_token=x',
  'filter[dateTimeFrom]=2025-04-01',
]
const BODIES = ['', '{"locationId":101001}', 'grant_type=refresh_token&refresh_token=r1', '{"grant_type":"authorization_code","code":"c1"}']

/** One exchange of any kind: any endpoint, method, status, credentials and body, signed or not. */
const exchange = fc.record({
  path: fc.constantFrom(...PATHS),
  method: fc.constantFrom('GET', 'POST', 'get'),
  query: fc.constantFrom(...QUERIES),
  body: fc.constantFrom(...BODIES),
  status: fc.constantFrom(200, 201, 302, 401, 429, 503),
  bearer: fc.constantFrom(null, 'access-A-0123456789abcdef', 'access-B-0123456789abcdef'),
  signature: fc.constantFrom(null, 'a'.repeat(64), 'B'.repeat(64)),
  retryAfter: fc.constantFrom(null, '0', '2'),
  gapMs: fc.integer({ min: 0, max: 70_000 }),
})

/** The doctor as it was before routing: every exchange handed to every judge, in order. */
function unrouted(): Doctor {
  const doctor = new Doctor({ clientId: CLIENT_ID, clientSecret: SECRET })
  const inside = doctor as unknown as { judges: Judge[]; routes: { of(): readonly Judge[] } }
  inside.routes = { of: () => inside.judges }
  return doctor
}

function scorecards(exchanges: CapturedExchange[]) {
  const routed = new Doctor({ clientId: CLIENT_ID, clientSecret: SECRET })
  const all = unrouted()
  for (const x of exchanges) {
    routed.observe(x)
    all.observe(x)
  }
  const at = (exchanges.at(-1)?.startedAt ?? T0) + 5000
  return {
    routed: [routed.scorecard(at), routed.scorecard(Number.POSITIVE_INFINITY)],
    all: [all.scorecard(at), all.scorecard(Number.POSITIVE_INFINITY)],
  }
}

describe('each exchange goes only to the judges that can find something in it', () => {
  it('gives the scorecard of handing every exchange to every judge, on the example flows', () => {
    const { routed, all } = scorecards(flow())
    expect(routed).toEqual(all)
    expect(routed[1]!.counts.pass).toBeGreaterThan(10)
  })

  it('gives the scorecard of handing every exchange to every judge, on any traffic (property)', () => {
    fc.assert(
      fc.property(fc.array(exchange, { minLength: 1, maxLength: 15 }), steps => {
        const b = new FlowBuilder()
        let at = T0
        for (const s of steps) {
          at += s.gapMs
          const headers: Record<string, string> = {}
          if (s.bearer) headers.authorization = `Bearer ${s.bearer}`
          if (s.signature)
            Object.assign(headers, { 'x-signature': s.signature, 'x-timestamp': String(Math.floor(at / 1000)), 'x-access-key': CLIENT_ID })
          if (s.body !== '') headers['content-type'] = s.body.startsWith('{') ? 'application/json' : 'application/x-www-form-urlencoded'
          b.add({
            path: s.path,
            method: s.method,
            query: s.query,
            body: s.body,
            headers,
            at,
            status: s.status,
            responseHeaders: s.retryAfter === null ? {} : { 'retry-after': s.retryAfter },
            responseBody: s.path.includes('locations') ? '{"results":[{"id":101001}]}' : '{"access_token":"access-B-0123456789abcdef"}',
          })
        }
        const { routed, all } = scorecards(b.exchanges)
        expect(routed).toEqual(all)
      }),
      { numRuns: 60 },
    )
  })
})
