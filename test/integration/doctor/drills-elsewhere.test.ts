import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DRILL_NAMES, parseDrills } from '../../../src/main/engine/doctor/drills/drill-catalogue'
import { skewedDateAnswer } from '../../../src/main/engine/doctor/drills/drill-faults'
import { type RunningSandbox, startSandbox } from '../../../src/sandbox'
import { runThroughDoctor } from './integration-runner'

const CORRECT = join(import.meta.dirname, '../../fixtures/integrations/node/correct.mjs')

let sb: RunningSandbox
beforeAll(async () => {
  sb = await startSandbox({ quiet: true, clients: [], autoConsent: 'allow' })
})
afterAll(() => sb?.close())

describe('drills on an upstream whose clock the doctor cannot move', () => {
  it('inject a 401, a 503 and a slow answer, each marked, each followed by what the client did; a correct client passes', async () => {
    const { failed, warned, drills, output } = await runThroughDoctor(sb, process.execPath, [CORRECT], {
      drills: ['token-expiry', 'service-unavailable', 'slow-response'],
      onSandbox: false,
    })
    const context = JSON.stringify({ output, drills }, null, 1)
    expect(failed, context).toEqual([])
    expect(warned, context).toEqual([])
    // The slow answer may land on the integration's last call: played, with nothing after it to react.
    expect(drills.map(d => d.state).slice(0, 2), context).toEqual(['answered', 'answered'])
    expect(['played', 'answered'], context).toContain(drills[2]!.state)
    const [expiry, unavailable, slow] = drills
    expect(expiry!.detail).toMatch(/injected 401/)
    // Its parallel siblings (sent before the 401 arrived) may come first; the refresh grant follows.
    expect(
      expiry!.next.map(n => n.what),
      context,
    ).toContain('POST /oauth2/token/ (refresh_token grant) → 200')
    expect(unavailable!.next[0]!.what, context).toMatch(/→ 200$/)
    expect(slow!.detail).toMatch(/300 ms/)
    expect(output).toMatch(/^done: /m)
  }, 60_000)
})

describe('the Date drill', () => {
  it('moves the Date of the forwarded answer 30 s ahead and leaves every other header alone', () => {
    const decision = skewedDateAnswer({ name: 'date-skew', detail: 'Date moved 30 s ahead' }, 30)
    if (decision.kind !== 'alter' || !decision.rewriteHeaders) throw new Error('the Date drill must alter the answer')
    const out = decision.rewriteHeaders([
      ['Date', 'Mon, 28 Apr 2025 09:00:00 GMT'],
      ['x-ratelimit-remaining', '99'],
    ])
    expect(out).toEqual([
      ['Date', 'Mon, 28 Apr 2025 09:00:30 GMT'],
      ['x-ratelimit-remaining', '99'],
    ])
  })
})

describe('the drill list', () => {
  it('runs every drill once, in order, for `all`, and names the known drills when given an unknown one', () => {
    expect(parseDrills(['all'])).toEqual([...DRILL_NAMES])
    expect(() => parseDrills(['token-expiry', 'earthquake'])).toThrow(/Unknown drill "earthquake"/)
  })
})
