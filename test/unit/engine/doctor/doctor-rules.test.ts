import { describe, expect, it } from 'vitest'
import type { CapturedExchange } from '../../../../src/main/engine/capture/captured-exchange'
import { Doctor } from '../../../../src/main/engine/doctor/doctor'
import type { RuleId } from '../../../../src/main/engine/doctor/rule-catalogue'
import { CLIENT_ID, type FlowBuilder, type FlowSteps, flow, REDIRECT, SECRET, T0 } from './flow-builder'

function judge(exchanges: CapturedExchange[]) {
  const doctor = new Doctor({ clientId: CLIENT_ID, clientSecret: SECRET, registeredRedirectUris: [REDIRECT] })
  for (const x of exchanges) doctor.observe(x)
  const card = doctor.scorecard(Number.POSITIVE_INFINITY)
  const by = (v: string) => card.rules.filter(r => r.verdict === v).map(r => r.id)
  return { card, failed: by('fail'), warned: by('warning'), passed: by('pass'), rule: (id: RuleId) => card.rules.find(r => r.id === id)! }
}

const A = 'access-A-CANARY-0123456789'
const B = 'access-B-CANARY-0123456789'
const R = 'refresh-R-CANARY-0123456789'

/** Each classic mistake: the steps that make it, and the one rule it must fail. */
const MISTAKES: Array<[string, Partial<FlowSteps>, RuleId]> = [
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
    {
      exports: (b, at) =>
        void b.exportTickets(at, {
          sign: { path: '/api/v1/export/101001/tickets?filter%5BdateTimeFrom%5D=2025-04-01&filter%5BdateTimeTo%5D=2025-04-02' },
        }),
    },
    'signing.signature',
  ],
  ['null body signed', { exports: (b, at) => void b.exportTickets(at, { sign: { body: 'null' } }) }, 'signing.body'],
  [
    'reused signature',
    {
      exports: (b, at) => {
        const first = b.exportTickets(at)
        const headers = Object.fromEntries(first.request.headers)
        b.exportTickets(at + 3_000, { timestamp: Math.floor(at / 1000), headers })
      },
    },
    'signing.fresh-signature',
  ],
  [
    'no state',
    {
      authorize: (b, at) => {
        b.authorize(at, `client_id=${CLIENT_ID}&redirect_uri=${encodeURIComponent(REDIRECT)}&response_type=code`)
        b.codeExchange(at + 1000, 'code-1-abcdefghijkl', A, R)
      },
    },
    'authorization.state',
  ],
  [
    're-authorizing on 401',
    {
      onExpiry: (b, at) => {
        b.locations(at, A, 401)
        b.authorize(
          at + 100,
          `client_id=${CLIENT_ID}&redirect_uri=${encodeURIComponent(REDIRECT)}&response_type=code&state=Pq8v9XbT0k2LmN8pQr4sWz`,
        )
        b.codeExchange(at + 200, 'code-2-abcdefghijkl', B, 'refresh-R2-CANARY-0123456789')
        b.locations(at + 300, B)
      },
    },
    'tokens.refresh-on-expiry',
  ],
  [
    'ignoring Retry-After',
    {
      on429: (b, at) => {
        b.tooMany(at, B, '2')
        b.locations(at + 100, B)
      },
    },
    'limits.retry-after',
  ],
  [
    'refresh storm on parallel 401s',
    {
      onExpiry: (b, at) => {
        for (let i = 0; i < 3; i++) b.locations(at + i, A, 401)
        b.refresh(at + 100, R, B, 'refresh-R2-CANARY-0123456789')
        b.refresh(at + 101, R, null, '')
        b.refresh(at + 102, R, null, '')
        b.locations(at + 200, B)
      },
    },
    'tokens.single-refresh',
  ],
  [
    'bearer sent to the signed export',
    { exports: (b, at) => void b.exportTickets(at, { headers: { authorization: `Bearer ${A}` } }) },
    'tokens.auth-scheme',
  ],
  [
    'x-access-key is not the client id',
    { exports: (b, at) => void b.exportTickets(at, { headers: { 'x-access-key': 'someone-else' } }) },
    'signing.access-key',
  ],
  ['clock 30 s behind', { exports: (b, at) => void b.exportTickets(at, { serverOffsetMs: 30_000 }) }, 'signing.timestamp-skew'],
  [
    'export dates with a time',
    { exports: (b, at) => void b.exportTickets(at, { query: 'filter[dateTimeFrom]=2025-04-01T00:00:00Z&filter[dateTimeTo]=2025-04-02' }) },
    'requests.export-dates',
  ],
  [
    'access token in the URL',
    {
      install: (b, at) => {
        b.locations(at, A, 200, { query: `access_token=${A}` })
        b.install(at + 1000, A)
      },
    },
    'tokens.no-secret-in-url',
  ],
  [
    'redirect_uri differs in the code exchange',
    {
      authorize: (b, at) => {
        b.authorize(at)
        b.codeExchange(at + 1000, 'code-1-abcdefghijkl', A, R, `${REDIRECT}/`)
      },
    },
    'authorization.redirect-uri',
  ],
  [
    'a code exchanged twice',
    {
      authorize: (b, at) => {
        b.authorize(at)
        b.codeExchange(at + 1000, 'code-1-abcdefghijkl', A, R)
        b.codeExchange(at + 2000, 'code-1-abcdefghijkl', A, R)
      },
    },
    'authorization.code-once',
  ],
  [
    'response_type=token',
    {
      authorize: (b, at) => {
        b.authorize(
          at,
          `client_id=${CLIENT_ID}&redirect_uri=${encodeURIComponent(REDIRECT)}&response_type=token&state=Zq3v9XbT0k2LmN8pQr4sWy`,
        )
        b.codeExchange(at + 1000, 'code-1-abcdefghijkl', A, R)
      },
    },
    'authorization.response-type',
  ],
  [
    'install body without Content-Type',
    {
      install: (b, at) => {
        b.locations(at, A)
        b.install(at + 1000, A, '{"locationId":101001}', {})
      },
    },
    'requests.json-content-type',
  ],
  [
    'locationId as a string',
    {
      install: (b, at) => {
        b.locations(at, A)
        b.install(at + 1000, A, '{"locationId":"101001"}')
      },
    },
    'requests.location-id',
  ],
  [
    'plain HTTP to a remote host',
    {
      install: (b, at) => {
        b.locations(at, A, 200, { url: 'http://api.partner.example/marketplace/v2/platform-token/locations' })
        b.install(at + 1000, A)
      },
    },
    'requests.https',
  ],
  [
    'the expired token used again after the refresh',
    {
      onExpiry: (b, at) => {
        b.locations(at, A, 401)
        b.refresh(at + 100, R, B, 'refresh-R2-CANARY-0123456789')
        b.locations(at + 200, A, 401)
        b.locations(at + 300, B)
      },
    },
    'tokens.refresh-response',
  ],
  ['never refreshing after a 401', { onExpiry: (b, at) => void b.locations(at, A, 401), on429: () => {} }, 'tokens.refresh-on-expiry'],
  [
    'looping on 401',
    {
      onExpiry: (b, at) => {
        for (let i = 0; i < 4; i++) b.locations(at + i * 100, A, 401)
        b.refresh(at + 1000, R, B, 'refresh-R2-CANARY-0123456789')
        b.locations(at + 1100, B)
      },
    },
    'tokens.refresh-on-expiry',
  ],
]

describe('the doctor judges a captured integration rule by rule', () => {
  it('passes a correct integration on every rule it exercises, with no warning', () => {
    const { failed, warned, passed, rule } = judge(flow())
    expect(failed).toEqual([])
    expect(warned).toEqual([])
    // Everything but the backoff (no repeated 429) and the pace warning (a short run) was exercised and held.
    expect(passed.length).toBeGreaterThanOrEqual(20)
    expect(rule('tokens.single-refresh').verdict).toBe('pass')
    expect(rule('limits.retry-after').verdict).toBe('pass')
  })

  for (const [name, steps, rule] of MISTAKES) {
    it(`fails exactly ${rule} for: ${name}`, () => {
      const { failed, warned, rule: get } = judge(flow(steps))
      expect(failed).toEqual([rule])
      expect(warned).toEqual([])
      const result = get(rule)
      expect(result.evidence.length).toBeGreaterThan(0)
      expect(result.message.length).toBeGreaterThan(30)
    })
  }

  it('names the mistake that reproduces a wrong signature (the explainer’s diagnosis)', () => {
    const { rule } = judge(flow(MISTAKES[0]![1]))
    expect(rule('signing.signature').message).toMatch(/path not lowercased/)
    const nullBody = judge(flow(MISTAKES[3]![1]))
    expect(nullBody.rule('signing.body').message).toMatch(/"null"/)
  })

  it('does not take a 401 for a stale signature as a token expiry', () => {
    const { failed } = judge(
      flow({
        exports: (b, at) => {
          b.exportTickets(at, { status: 401 })
          b.exportTickets(at + 2000, { location: 101002 })
        },
      }),
    )
    expect(failed).toEqual([])
  })

  it('warns when repeated 429s are retried at a fixed interval, and passes a growing, jittered backoff', () => {
    const fixed = judge(
      flow({
        on429: (b, at) => {
          b.tooMany(at, B, '1')
          b.tooMany(at + 1_500, B, '1')
          b.tooMany(at + 3_000, B, '1')
          b.locations(at + 4_500, B)
        },
      }),
    )
    expect(fixed.failed).toEqual([])
    expect(fixed.warned).toEqual(['limits.backoff'])
    const growing = judge(
      flow({
        on429: (b, at) => {
          b.tooMany(at, B, '1')
          b.tooMany(at + 1_130, B, '1')
          b.tooMany(at + 1_150 + 2_370, B, '1')
          b.locations(at + 3_540 + 4_810, B)
        },
      }),
    )
    expect(growing.warned).toEqual([])
    expect(growing.rule('limits.backoff').verdict).toBe('pass')
  })

  it('waits 60 s after a 429 without Retry-After', () => {
    const early = judge(
      flow({
        on429: (b, at) => {
          b.tooMany(at, B, null)
          b.locations(at + 30_000, B)
        },
      }),
    )
    expect(early.failed).toEqual(['limits.retry-after'])
    expect(early.rule('limits.retry-after').message).toMatch(/default 60 s/)
    const patient = judge(
      flow({
        on429: (b, at) => {
          b.tooMany(at, B, null)
          b.locations(at + 61_000, B)
        },
      }),
    )
    expect(patient.failed).toEqual([])
  })

  it('fails the pace past 100 requests in the window and warns from 80', () => {
    const steps = (n: number): Partial<FlowSteps> => ({
      on429: (b: FlowBuilder, at: number) => {
        for (let i = 0; i < n; i++) b.add({ path: '/api/v1/locations/', at: at + i * 1000, headers: { authorization: `Bearer ${B}` } })
      },
    })
    expect(judge(flow(steps(85))).warned).toEqual(['limits.pace'])
    expect(judge(flow(steps(101))).failed).toEqual(['limits.pace'])
    // Each message is the first finding's at its level, with its numbers, also when the finding repeats per request.
    expect(judge(flow(steps(85))).rule('limits.pace').message).toMatch(
      /^At the pace of the last 60 s, GET \/api\/v1\/locations would reach \d+ requests per window/,
    )
    const over = judge(flow(steps(150))).rule('limits.pace')
    expect(over.message).toMatch(/^More than 100 requests to GET \/api\/v1\/locations within 60 minutes/)
    expect(over.evidenceCount).toBe(50)
  })

  it('does not count an exchange the server refused, read before trying again, as a second use of the code', () => {
    const refusedFirst = (gapMs: number, refusedDurationMs = 20) =>
      judge(
        flow({
          authorize: (b, at) => {
            b.authorize(at)
            const refused = b.codeExchange(at + 1000, 'code-1-abcdefghijkl', A, R, `${REDIRECT}/`)
            refused.response!.status = 400
            refused.respondedAt = at + 1000 + refusedDurationMs
            b.codeExchange(at + 1000 + gapMs, 'code-1-abcdefghijkl', A, R)
          },
        }),
      ).failed
    // The client sent a wrong redirect_uri, read the 400 and exchanged the code with the right one.
    expect(refusedFirst(500)).toEqual(['authorization.redirect-uri'])
    // Sent while the first was still in flight: two exchanges of one code.
    expect(refusedFirst(500, 2_000)).toEqual(['authorization.redirect-uri', 'authorization.code-once'])
    // A replay after a success is refused by the server, and is still a second exchange.
    const replay = judge(
      flow({
        authorize: (b, at) => {
          b.authorize(at)
          b.codeExchange(at + 1000, 'code-1-abcdefghijkl', A, R)
          b.codeExchange(at + 2000, 'code-1-abcdefghijkl', A, R).response!.status = 400
        },
      }),
    )
    expect(replay.failed).toEqual(['authorization.code-once'])
  })

  it('catches a cached signature behind a mistake the server refuses it for, and no same-second retry', () => {
    // Each signature is refused (401) for another mistake, so the server never remembers it; the client still resends
    // it 3 s later, where a fresh signature would carry a new timestamp.
    const refusedThenResent = (mistake: { timestamp?: number; sign?: { path: string } }, gapMs: number) =>
      judge(
        flow({
          exports: (b, at) => {
            const first = b.exportTickets(at, { ...mistake, status: 401 })
            b.exportTickets(at + gapMs, { ...mistake, status: 401, headers: Object.fromEntries(first.request.headers) })
          },
        }),
      ).failed
    const query = { sign: { path: '/api/v1/export/101001/tickets?filter%5BdateTimeFrom%5D=2025-04-01' } }
    expect(refusedThenResent({ timestamp: T0 + 10_000 }, 3_000)).toEqual(['signing.timestamp-seconds', 'signing.fresh-signature'])
    expect(refusedThenResent(query, 3_000)).toEqual(['signing.signature', 'signing.fresh-signature'])
    // A retry within the second after a 503 (the server's, or a drill's in its place) signs the same string again.
    for (const drill of [null, { name: 'service-unavailable', detail: '503' }]) {
      const r = judge(
        flow({
          exports: (b, at) => {
            const first = b.exportTickets(at, { status: 503 })
            first.drill = drill
            b.exportTickets(at + 600, { headers: Object.fromEntries(first.request.headers) })
          },
        }),
      )
      expect(r.failed, JSON.stringify(drill)).toEqual([])
    }
  })

  it('blames a resent signature on the reuse, not on the clock: its timestamp is as old as the first sending', () => {
    for (const later of [7_000, 30_000]) {
      const r = judge(
        flow({
          exports: (b, at) => {
            const first = b.exportTickets(at)
            b.exportTickets(at + later, { timestamp: Math.floor(at / 1000), headers: Object.fromEntries(first.request.headers) })
          },
        }),
      )
      expect(r.failed, `${later} ms`).toEqual(['signing.fresh-signature'])
      expect(r.warned, `${later} ms`).toEqual([])
    }
    // A fresh signature on a timestamp 7 s old is still the clock's (or the queue's) doing.
    const late = judge(flow({ exports: (b, at) => void b.exportTickets(at + 7_000, { timestamp: Math.floor(at / 1000) }) }))
    expect(late.warned).toEqual(['signing.timestamp-skew'])
  })

  it('counts toward the pace only the requests the server counts: not those a drill answered in its place', () => {
    // A correct client's run under the drills: the 429 (no Retry-After: it waits 60 s) and the 503 were answered by
    // the gateway and never reached the server. Nine real listings over 90 s project nothing; a tenth does.
    const drilled = (extra: number) => ({
      on429: (b: FlowBuilder, at: number) => {
        b.locations(at, B, 429, { drill: { name: 'rate-limit-no-retry-after', detail: '429' }, responseHeaders: {} })
        b.locations(at + 61_000, B)
        b.locations(at + 62_000, B, 503, { drill: { name: 'service-unavailable', detail: '503' } })
        b.locations(at + 62_500, B)
        for (let i = 0; i < extra; i++) b.locations(at + 63_000 + i * 1000, B)
      },
    })
    const quiet = judge(flow(drilled(0)))
    expect(quiet.warned).toEqual([])
    expect(quiet.rule('limits.pace').verdict).toBe('pass')
    expect(judge(flow(drilled(1))).warned).toEqual(['limits.pace'])
  })

  it('describes wrong export dates by the first export that sent them', () => {
    const r = judge(
      flow({
        exports: (b, at) => {
          b.exportTickets(at, { query: 'filter[dateTimeFrom]=2025-04-31&filter[dateTimeTo]=2025-05-02' })
          b.exportTickets(at + 2000, { query: 'filter[dateTimeTo]=2025-05-02' })
        },
      }),
    ).rule('requests.export-dates')
    expect(r.verdict).toBe('fail')
    expect(r.message).toMatch(/^filter\[dateTimeFrom\]=.*2025-04-31.* is not a date in YYYY-MM-DD form\. Send both filters/)
    expect(r.evidenceCount).toBe(2)
  })

  it('allows plain HTTP to loopback hosts and judges only the exchanges a drill did not alter for skew', () => {
    const { failed } = judge(
      flow({
        install: (b, at) => {
          b.locations(at, A, 200, { url: 'http://127.0.0.1:9000/marketplace/v2/platform-token/locations' })
          b.install(at + 1000, A)
        },
        exports: (b, at) => {
          const x = b.exportTickets(at, { serverOffsetMs: 30_000 })
          x.drill = { name: 'date-skew', detail: 'Date 30 s ahead' }
        },
      }),
    )
    expect(failed).toEqual([])
  })

  it('keeps bounded evidence: the first five log ids and a count', () => {
    const { rule } = judge(
      flow({
        exports: (b, at) => {
          for (let i = 0; i < 12; i++) b.exportTickets(at + i * 1500, { location: 101001 + i, timestamp: at + i * 1500 })
        },
      }),
    )
    const r = rule('signing.timestamp-seconds')
    expect(r.evidence).toHaveLength(5)
    expect(r.evidenceCount).toBe(12)
  })

  it('shows a 401 awaiting its refresh as open while the command runs, and as a failure once it has ended', () => {
    const doctor = new Doctor({ clientId: CLIENT_ID, clientSecret: SECRET })
    const xs = flow({ onExpiry: (b, at) => void b.locations(at, A, 401), on429: () => {} })
    for (const x of xs) doctor.observe(x)
    const last = xs[xs.length - 1]!.respondedAt!
    expect(doctor.scorecard(last + 1000).rules.find(r => r.id === 'tokens.refresh-on-expiry')!.verdict).toBe('not_exercised')
    expect(doctor.scorecard(Number.POSITIVE_INFINITY).rules.find(r => r.id === 'tokens.refresh-on-expiry')!.verdict).toBe('fail')
  })

  it('keeps no token or secret in what it reports', () => {
    const { card } = judge(flow(MISTAKES[13]![1]))
    const text = JSON.stringify(card)
    for (const secret of [SECRET, A, B, R, 'CANARY']) expect(text).not.toContain(secret)
  })
})
