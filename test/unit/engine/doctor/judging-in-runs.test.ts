import fc from 'fast-check'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { CapturedExchange } from '../../../../src/main/engine/capture/captured-exchange'
import { Doctor } from '../../../../src/main/engine/doctor/doctor'
import { BATCH_BODY_BYTES, BATCH_EXCHANGES, BATCH_WAIT_MS, JudgingQueue } from '../../../../src/main/engine/doctor/judging-queue'
import { anyExchange, CLIENT_ID, FlowBuilder, flow, SECRET, T0, trafficOf } from './flow-builder'

const doctor = () => new Doctor({ clientId: CLIENT_ID, clientSecret: SECRET })

/** The doctor as it was before runs: each exchange judged inside the hand-off, nothing queued. */
function judgingAtOnce(): Doctor & { judgeNow(x: CapturedExchange): void } {
  const d = doctor() as Doctor & { judgeNow(x: CapturedExchange): void }
  const inside = d as unknown as { judgeOne(x: CapturedExchange): void }
  d.judgeNow = x => inside.judgeOne(x)
  return d
}

/** The scorecards of a doctor judging each exchange at once, read after each exchange and at the end. */
function readEveryTime(exchanges: CapturedExchange[], nowMs: number) {
  const d = judgingAtOnce()
  const cards = exchanges.map(x => {
    d.judgeNow(x)
    return d.scorecard(nowMs)
  })
  return { cards, final: d.scorecard(Number.POSITIVE_INFINITY) }
}

afterEach(() => {
  vi.useRealTimers()
})

describe('the doctor judges exchanges in runs, and every read sees all of them', () => {
  it('gives, read at any moment, the verdicts of judging each exchange as it arrived (property)', () => {
    fc.assert(
      fc.property(
        fc.array(anyExchange, { minLength: 1, maxLength: 3 * BATCH_EXCHANGES }),
        // Reads now and then, so that runs between two reads are of any length, full ones included.
        fc.array(fc.oneof({ weight: 12, arbitrary: fc.constant(false) }, { weight: 1, arbitrary: fc.constant(true) }), {
          minLength: 3 * BATCH_EXCHANGES,
          maxLength: 3 * BATCH_EXCHANGES,
        }),
        (steps, reads) => {
          const exchanges = trafficOf(steps)
          const now = (exchanges.at(-1)?.startedAt ?? T0) + 5000
          const each = readEveryTime(exchanges, now)
          // A doctor read only now and then: what it says whenever read equals the doctor read after every exchange.
          const d = doctor()
          exchanges.forEach((x, i) => {
            d.observe(x)
            if (reads[i]) {
              const card = d.scorecard(now)
              expect(card.exchanges).toBe(i + 1)
              expect(card).toEqual(each.cards[i])
            }
          })
          expect(d.scorecard(Number.POSITIVE_INFINITY)).toEqual(each.final)
        },
      ),
      { numRuns: 40 },
    )
  })

  it('gives the same final verdicts on long example flows read only at the end (many full runs)', () => {
    const exchanges: CapturedExchange[] = []
    for (const x of [...flow(), ...flow(), ...flow(), ...flow(), ...flow(), ...flow()])
      exchanges.push({ ...x, logId: `log-${exchanges.length + 1}` })
    expect(exchanges.length).toBeGreaterThan(2 * BATCH_EXCHANGES)
    const d = doctor()
    for (const x of exchanges) d.observe(x)
    const card = d.scorecard(Number.POSITIVE_INFINITY)
    expect(card).toEqual(readEveryTime(exchanges, Number.POSITIVE_INFINITY).final)
    expect(card.exchanges).toBe(exchanges.length)
    expect(card.counts.fail).toBeGreaterThan(0)
  })

  it('judges an exchange nobody reads within BATCH_WAIT_MS, and a full run at once', () => {
    vi.useFakeTimers()
    const judged: string[] = []
    const queue = new JudgingQueue(x => judged.push(x.logId))
    const b = new FlowBuilder()
    queue.add(b.locations(T0, 'access-A'))
    vi.advanceTimersByTime(BATCH_WAIT_MS - 1)
    expect(judged).toEqual([])
    vi.advanceTimersByTime(1)
    expect(judged).toEqual(['log-1'])
    for (let i = 0; i < BATCH_EXCHANGES; i++) queue.add(b.locations(T0 + i, 'access-A'))
    expect(judged.length).toBe(1 + BATCH_EXCHANGES)
    expect(vi.getTimerCount()).toBe(0)
  })

  it('judges an exchange with large bodies at once, after the ones queued before it (nothing large waits)', () => {
    vi.useFakeTimers()
    const judged: string[] = []
    const queue = new JudgingQueue(x => judged.push(x.logId))
    const b = new FlowBuilder()
    queue.add(b.locations(T0, 'access-A'))
    queue.add(b.locations(T0 + 1, 'access-A'))
    const big = b.add({ path: '/api/v1/locations', at: T0 + 2, responseBody: 'x'.repeat(BATCH_BODY_BYTES + 1) })
    queue.add(big)
    expect(judged).toEqual(['log-1', 'log-2', 'log-3'])
    queue.add(b.add({ method: 'POST', path: '/api/v1/other', at: T0 + 3, body: 'y'.repeat(BATCH_BODY_BYTES + 1) }))
    expect(judged).toEqual(['log-1', 'log-2', 'log-3', 'log-4'])
    expect(vi.getTimerCount()).toBe(0)
  })

  it('judges each exchange once when a reader flushes from inside a run (a verdict listener reading the scorecard)', () => {
    vi.useFakeTimers()
    const judged: string[] = []
    const queue: JudgingQueue = new JudgingQueue(x => {
      judged.push(x.logId)
      queue.flush()
    })
    const b = new FlowBuilder()
    for (let i = 0; i < 5; i++) queue.add(b.locations(T0 + i, 'access-A'))
    queue.flush()
    queue.flush()
    expect(judged).toEqual(['log-1', 'log-2', 'log-3', 'log-4', 'log-5'])
  })

  it('counts an exchange it cannot read as the doctor’s own failure, judged later, and goes on with the next', () => {
    vi.useFakeTimers()
    const d = doctor()
    const b = new FlowBuilder()
    const broken = b.locations(T0, 'access-A')
    ;(broken.request as { headers: unknown }).headers = null
    d.observe(broken)
    d.observe(b.locations(T0 + 1000, 'access-A'))
    // Judged by the timer, outside the capture's hand-off: nothing may escape from there.
    expect(() => vi.advanceTimersByTime(BATCH_WAIT_MS)).not.toThrow()
    const card = d.scorecard(T0 + 5000)
    expect(card.internalErrors.count).toBe(1)
    expect(card.internalErrors.first).toMatch(/^Doctor on log-1: /)
    expect(card.exchanges).toBe(2)
    const scheme = card.rules.find(r => r.id === 'tokens.auth-scheme')
    expect(scheme?.verdict).toBe('pass')
    expect(scheme?.evidence).toEqual(['log-2'])
  })
})
