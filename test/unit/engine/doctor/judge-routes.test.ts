import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { CapturedExchange } from '../../../../src/main/engine/capture/captured-exchange'
import { Doctor } from '../../../../src/main/engine/doctor/doctor'
import type { Judge } from '../../../../src/main/engine/doctor/judge'
import { anyExchange, CLIENT_ID, flow, SECRET, T0, trafficOf } from './flow-builder'

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
      fc.property(fc.array(anyExchange, { minLength: 1, maxLength: 15 }), steps => {
        const { routed, all } = scorecards(trafficOf(steps))
        expect(routed).toEqual(all)
      }),
      { numRuns: 60 },
    )
  })
})
