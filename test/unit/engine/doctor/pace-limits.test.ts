import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { Doctor } from '../../../../src/main/engine/doctor/doctor'
import { QuotaLimits } from '../../../../src/main/engine/quota/quota-limits'
import { CLIENT_ID, FlowBuilder, SECRET, T0 } from './flow-builder'

/** QuotaLimits that claim a change before every read: the pace judge then asks limitFor on every request. */
class AlwaysChangedLimits extends QuotaLimits {
  private reads = 0
  override get version(): number {
    return ++this.reads
  }
}

type Step = { kind: 'request'; path: number; method: 'GET' | 'POST' } | { kind: 'limits'; change: number }

const PATHS = ['/api/v1/locations', '/pos/v2/7/checks/1', '/pos/v2/lookup/tickets', '/api/v1/export/5/tickets', '/other/A']

/** Changes of the limits a user can make while a capture runs: the default, the window, overrides. */
const CHANGES: Array<Parameters<QuotaLimits['update']>[0]> = [
  { defaultLimit: 3 },
  { defaultLimit: 100 },
  { defaultLimit: 6 },
  { windowSeconds: 5 },
  { windowSeconds: 3600 },
  { overrides: [{ pathPattern: '/api/v1/**', limit: 4 }] },
  { overrides: [{ pathPattern: '/pos/v2/lookup/tickets', method: 'POST', limit: 2 }] },
  { overrides: [] },
]

describe('the pace judge’s limit per key', () => {
  it('judges as asking the limits on every request, when the limits change while the capture runs (property)', () => {
    const step: fc.Arbitrary<Step> = fc.oneof(
      {
        weight: 6,
        arbitrary: fc.record({
          kind: fc.constant('request' as const),
          path: fc.nat(PATHS.length - 1),
          method: fc.constantFrom('GET', 'POST'),
        }),
      },
      { weight: 2, arbitrary: fc.record({ kind: fc.constant('limits' as const), change: fc.nat(CHANGES.length - 1) }) },
    )
    fc.assert(
      fc.property(fc.array(step, { maxLength: 120 }), steps => {
        const cached = new QuotaLimits()
        const asked = new AlwaysChangedLimits()
        const doctor = new Doctor({ clientId: CLIENT_ID, clientSecret: SECRET, limits: cached })
        const reference = new Doctor({ clientId: CLIENT_ID, clientSecret: SECRET, limits: asked })
        const pace = (d: Doctor) => d.scorecard(Number.POSITIVE_INFINITY).rules.find(r => r.id === 'limits.pace')
        const b = new FlowBuilder()
        for (const [i, s] of steps.entries()) {
          if (s.kind === 'limits') {
            cached.update(CHANGES[s.change]!)
            asked.update(CHANGES[s.change]!)
            continue
          }
          const x = b.add({ path: PATHS[s.path]!, method: s.method, at: T0 + i * 700 })
          doctor.observe(x)
          reference.observe(x)
          expect(pace(doctor)).toEqual(pace(reference))
        }
      }),
      { numRuns: 200 },
    )
  })

  it('follows a change of the limits for a key it already counts', () => {
    const limits = new QuotaLimits()
    const doctor = new Doctor({ clientId: CLIENT_ID, clientSecret: SECRET, limits })
    const b = new FlowBuilder()
    for (let i = 0; i < 5; i++) doctor.observe(b.add({ path: '/api/v1/locations', at: T0 + i * 1000 }))
    const pace = () => doctor.scorecard(Number.POSITIVE_INFINITY).rules.find(r => r.id === 'limits.pace')!
    expect(pace().verdict).toBe('pass')
    limits.update({ defaultLimit: 4 })
    doctor.observe(b.add({ path: '/api/v1/locations', at: T0 + 6000 }))
    expect(pace().verdict).toBe('fail')
    expect(pace().message).toMatch(/^More than 4 requests to GET \/api\/v1\/locations within 60 minutes/)
  })
})
