import { describe, expect, it } from 'vitest'
import type { CapturedExchange } from '../../../../src/main/engine/capture/captured-exchange'
import { Doctor } from '../../../../src/main/engine/doctor/doctor'
import { CLIENT_ID, FlowBuilder, REDIRECT, SECRET, T0 } from './flow-builder'

const TOKEN = 'access-B-CANARY-0123456789'

/** Judges exchanges in the order the capture records them: when each answer has gone back to the client. */
function retryAfterOf(b: FlowBuilder) {
  const doctor = new Doctor({ clientId: CLIENT_ID, clientSecret: SECRET, registeredRedirectUris: [REDIRECT] })
  const recorded = [...b.exchanges].sort((x: CapturedExchange, y: CapturedExchange) => (x.respondedAt ?? 0) - (y.respondedAt ?? 0))
  for (const x of recorded) doctor.observe(x)
  return doctor.scorecard(Number.POSITIVE_INFINITY).rules.find(r => r.id === 'limits.retry-after')!
}

/** Three calls to one path released together; the first answers 429 (Retry-After: 2) at T0 + 50, the others later. */
function parallelBurst(b: FlowBuilder, siblings: 'ok' | 'also 429' = 'ok') {
  b.tooMany(T0, TOKEN, '2').respondedAt = T0 + 50
  for (const [at, answeredAt] of [
    [T0 + 2, T0 + 82],
    [T0 + 4, T0 + 124],
  ] as const) {
    if (siblings === 'ok') b.locations(at, TOKEN, 200, { duration: answeredAt - at })
    else b.tooMany(at, TOKEN, '2').respondedAt = answeredAt
  }
}

describe('limits.retry-after counts only requests started after the 429 reached the client', () => {
  it('passes parallel siblings that were already in flight when the 429 answered, also when they meet 429s too', () => {
    for (const siblings of ['ok', 'also 429'] as const) {
      const b = new FlowBuilder()
      parallelBurst(b, siblings)
      b.locations(T0 + 2_400, TOKEN)
      const rule = retryAfterOf(b)
      expect(rule.verdict).toBe('pass')
    }
  })

  it('fails a new request started after the 429 was received and inside its Retry-After, naming both', () => {
    const b = new FlowBuilder()
    parallelBurst(b)
    const early = b.locations(T0 + 300, TOKEN)
    const rule = retryAfterOf(b)
    expect(rule.verdict).toBe('fail')
    expect(rule.evidence).toEqual(['log-1', early.logId])
    expect(rule.message).toMatch(/1\.8 s before the Retry-After wait of the 429 ended \(wait 2 s\)/)
  })

  it('passes a request started once the wait has elapsed (measured from when the 429 was received)', () => {
    const b = new FlowBuilder()
    parallelBurst(b)
    // 2 s after the request started but only 1.97 s after the 429 was received: still inside the 250 ms of slack.
    b.locations(T0 + 1_830, TOKEN)
    expect(retryAfterOf(b).verdict).toBe('pass')
    const tooSoon = new FlowBuilder()
    parallelBurst(tooSoon)
    tooSoon.locations(T0 + 1_700, TOKEN)
    expect(retryAfterOf(tooSoon).verdict).toBe('fail')
  })

  it('judges an early retry against the 429 it followed, even when a slower sibling’s 429 is recorded before it', () => {
    const b = new FlowBuilder()
    b.tooMany(T0, TOKEN, '2').respondedAt = T0 + 50
    // A sibling in flight answers 429 much later; the retry, sent after the first 429, is slow and recorded last.
    const sibling = b.tooMany(T0 + 2, TOKEN, '2')
    sibling.respondedAt = T0 + 900
    const retry = b.locations(T0 + 100, TOKEN, 200, { duration: 1_500 })
    // And a patient call after both waits, recorded before the slow retry.
    b.locations(T0 + 3_000, TOKEN, 200, { duration: 1 })
    const rule = retryAfterOf(b)
    expect(rule.verdict).toBe('fail')
    expect(rule.evidence).toContain(retry.logId)
  })

  it('keeps each path to its own wait: a 429 on one path does not hold back another', () => {
    const b = new FlowBuilder()
    parallelBurst(b)
    b.add({ path: '/api/v1/locations/', at: T0 + 300, headers: { authorization: `Bearer ${TOKEN}` } })
    b.locations(T0 + 2_400, TOKEN)
    expect(retryAfterOf(b).verdict).toBe('pass')
  })
})
