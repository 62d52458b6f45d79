import { describe, expect, it } from 'vitest'
import { ConsoleError } from '../../../../src/main/engine/core/console-error'
import { quotaKey } from '../../../../src/main/engine/quota/quota-key'
import { QuotaLimits } from '../../../../src/main/engine/quota/quota-limits'
import { QuotaTracker } from '../../../../src/main/engine/quota/quota-tracker'

const KEY = quotaKey('c', 'GET', '/marketplace/v2/platform-token/locations')

function setup(limit = 5) {
  let now = Date.parse('2025-03-01T10:00:00Z')
  const tracker = new QuotaTracker({
    limits: new QuotaLimits({ overrides: [{ pathPattern: '/marketplace/v2/platform-token/locations', limit }] }),
    now: () => now,
  })
  const answer = (remaining: number | null, status = 200) => {
    const ticket = tracker.recordSend(KEY)
    now += 10
    return tracker.observe(ticket, {
      status,
      headers: remaining === null ? {} : { 'x-ratelimit-limit': String(limit), 'x-ratelimit-remaining': String(remaining) },
    })
  }
  const refusal = (): ConsoleError | null => {
    try {
      tracker.gate(KEY, { warnSpent: true })
      return null
    } catch (error) {
      if (error instanceof ConsoleError) return error
      throw error
    }
  }
  return { tracker, answer, refusal, advance: (ms: number) => (now += ms) }
}

describe('quotas the user can trust: the server’s latest headers win over the local prediction', () => {
  it('five sends in the ledger do not refuse while the server’s last answer says 3 remain', () => {
    const { answer, refusal } = setup(5)
    for (let i = 0; i < 4; i++) answer(null)
    const state = answer(3)
    expect(state.used).toBe(5)
    expect(state.predictedRemaining).toBe(3)
    expect(refusal()).toBeNull()
  })

  it('counts this console’s sends after the server’s word against it, and says so when it refuses', () => {
    const { tracker, answer, refusal } = setup(5)
    answer(1)
    tracker.recordSend(KEY)
    expect(tracker.state(KEY).predictedRemaining).toBe(0)
    const error = refusal()
    expect(error?.message).toMatch(/the server's last answer \(\d+ s ago\) said 1 remained, and 1 sent since/)
  })

  it('the server saying fewer remain than the ledger thinks wins too', () => {
    const { answer } = setup(5)
    expect(answer(0).predictedRemaining).toBe(0)
  })

  it('once the server’s word is older than the window, the ledger predicts again', () => {
    const { tracker, answer, advance } = setup(5)
    answer(0)
    advance(60 * 60 * 1000 + 1)
    expect(tracker.state(KEY).predictedRemaining).toBe(5)
  })

  it('"Send anyway" holds until the next server answer, then the server decides again', () => {
    const { tracker, answer, refusal } = setup(2)
    answer(null)
    answer(null)
    expect(refusal()?.details).toMatchObject({ reason: 'quota_spent' })
    tracker.gate(KEY, { force: true, warnSpent: true })
    tracker.recordSend(KEY)
    // No answer yet: a second send is not refused by the prediction the user overrode.
    expect(refusal()).toBeNull()
    // The server answers that nothing remains: the override is over.
    answer(0)
    expect(refusal()?.details).toMatchObject({ reason: 'quota_spent' })
  })
})
