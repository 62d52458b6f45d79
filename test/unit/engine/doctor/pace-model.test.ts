import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { Doctor } from '../../../../src/main/engine/doctor/doctor'
import { BoundedMap } from '../../../../src/main/engine/doctor/judge'
import { RuleTally } from '../../../../src/main/engine/doctor/rule-tally'
import { quotaKey } from '../../../../src/main/engine/quota/quota-key'
import { QuotaLimits } from '../../../../src/main/engine/quota/quota-limits'
import { CLIENT_ID, FlowBuilder, SECRET, T0 } from './flow-builder'

/**
 * The pace rule as plainly as it can be said: every key's start times in an array, at most 1000 keys (the least
 * recently used forgotten), the limit asked on every request. The doctor's judge must tally exactly this.
 */
class PlainPace {
  readonly tally = new RuleTally('limits.pace')
  private readonly times = new BoundedMap<string, number[]>(1000)

  constructor(private readonly limits: QuotaLimits) {}

  observe(method: string, path: string, at: number, logId: string): void {
    const key = quotaKey(CLIENT_ID, method, path)
    const windowMs = this.limits.windowSeconds * 1000
    const limit = this.limits.limitFor(key.method, key.path)
    const times = [...(this.times.get(key.id) ?? []), at]
    while (times.length > 0 && (times[0]! <= at - windowMs || times.length > limit + 1)) times.shift()
    this.times.set(key.id, times)
    const count = times.length
    const where = `${key.method} ${key.path}`
    if (count > limit) {
      this.tally.fail(
        logId,
        `More than ${limit} requests to ${where} within ${windowMs / 60_000} minutes: the server refuses the excess with 429. Count requests per (client, method, path) and spread them over the window, or cache the answers.`,
      )
      return
    }
    if (count >= Math.ceil(limit * 0.8)) {
      this.tally.warn(
        logId,
        `${count} of ${limit} requests to ${where} used in the current ${windowMs / 60_000}-minute window. Slow down or cache: the next ${limit - count} will exhaust it.`,
      )
      return
    }
    const span = at - times[0]!
    if (count >= 10 && span >= 60_000) {
      const projected = Math.round((count / span) * windowMs)
      if (projected > limit) {
        this.tally.warn(
          logId,
          `At the pace of the last ${Math.round(span / 1000)} s, ${where} would reach ${projected} requests per window; the limit is ${limit}. It will answer 429 in about ${Math.round((((limit - count) / count) * span) / 60_000)} minutes: spread the calls or cache the answers.`,
        )
        return
      }
    }
    this.tally.pass(logId)
  }
}

/** Limits a user can set while a capture runs, the odd ones included: a limit of 0, 1 or 1.25, windows of 0 or a hair. */
const CHANGES: Array<Parameters<QuotaLimits['update']>[0]> = [
  { defaultLimit: 100 },
  { defaultLimit: 3 },
  { defaultLimit: 2 },
  { defaultLimit: 1.25 },
  { defaultLimit: 1 },
  { defaultLimit: 0 },
  { windowSeconds: 3600 },
  { windowSeconds: 5 },
  { windowSeconds: 0 },
  { windowSeconds: 1e-7 },
  { overrides: [{ pathPattern: '/api/v1/hot/**', limit: 1 }] },
  { overrides: [{ pathPattern: '/api/v1/cold/*', method: 'POST', limit: 4 }] },
  { overrides: [{ pathPattern: '/api/v1/cold/*', limit: 1 }] },
  { overrides: [] },
]

type Step =
  | { kind: 'request'; hot: boolean; n: number; method: 'GET' | 'POST'; gap: number; status: 200 | 429; drill: boolean }
  | { kind: 'limits'; change: number }

const step: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 40,
    arbitrary: fc.record({
      kind: fc.constant('request' as const),
      hot: fc.boolean(),
      n: fc.nat(1299),
      method: fc.constantFrom('GET' as const, 'POST' as const),
      gap: fc.constantFrom(0, 1, 700, 40_000),
      status: fc.constantFrom(200 as const, 200 as const, 200 as const, 429 as const),
      drill: fc.nat(9).map(n => n === 0),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('limits' as const), change: fc.nat(CHANGES.length - 1) }) },
)

describe('the pace judge against the plain rule', () => {
  it('tallies limits.pace as arrays per key with the limit asked every time, over more keys than it keeps and any limits (property)', () => {
    fc.assert(
      fc.property(fc.array(step, { minLength: 1500, maxLength: 2600 }), steps => {
        const limits = new QuotaLimits()
        const plain = new PlainPace(limits)
        const doctor = new Doctor({ clientId: CLIENT_ID, clientSecret: SECRET, limits })
        const b = new FlowBuilder()
        const judged = () => doctor.scorecard(Number.POSITIVE_INFINITY).rules.find(r => r.id === 'limits.pace')
        let at = T0
        for (const [i, s] of steps.entries()) {
          // Now and then, not only at the end: a verdict worse than the one found later would hide behind it.
          if (i % 40 === 0) expect(judged()).toEqual(plain.tally.result())
          if (s.kind === 'limits') {
            // The doctor judges in runs: what it was handed is judged under the limits of the moment it was handed.
            doctor.scorecard()
            limits.update(CHANGES[s.change]!)
            continue
          }
          at += s.gap
          // Hot paths repeat (a listing); cold ones are mostly new, some return after being forgotten.
          const path = s.hot ? `/api/v1/hot/${s.n % 4}` : `/api/v1/cold/${s.n}`
          const drill = s.drill ? { name: 'rate-limit-retry-after', detail: 'drilled' } : undefined
          const x = b.add({ path, method: s.method, at, status: s.status, drill })
          doctor.observe(x)
          if (s.status !== 429 && !drill) plain.observe(s.method, path, at, x.logId)
        }
        expect(judged()).toEqual(plain.tally.result())
      }),
      { numRuns: 25 },
    )
  })
})
