import type { ExchangeFacts } from '../exchange-facts'
import { BoundedMap, type DoctorSettings, type Judge, type JudgeScope, type Tallies } from '../judge'
import { RATE_LIMITED, rateKeyOf } from './rate-key'

/** Each wait after another 429 should be at least this much longer than the previous one. */
const BACKOFF_GROWTH = 1.5
/** Waits whose ratio is this close to a whole number look like backoff without jitter. */
const JITTER_EPSILON = 0.01

interface Run {
  lastRespondedAt: number
  lastWait: number | null
  logIds: string[]
}

/**
 * Section 7 advises exponential backoff with jitter: when a path answers 429 again and again, each wait before the
 * next try grows, and not by an exact factor (clients in lockstep hammer the server together). Advice, so a warning.
 * Needs two waits after consecutive 429s on one key; bounded per key.
 */
export class BackoffJudge implements Judge {
  readonly scope: JudgeScope = RATE_LIMITED
  private readonly runs = new BoundedMap<string, Run>(1000)

  constructor(private readonly settings: DoctorSettings) {}

  observe(f: ExchangeFacts, t: Tallies): void {
    // No run of 429s open and no 429 now: nothing to start, judge or end (the usual exchange).
    if (this.runs.size === 0 && f.status !== 429) return
    const key = rateKeyOf(f, this.settings)
    if (!key) return
    const run = this.runs.get(key.id)
    const respondedAt = f.x.respondedAt ?? f.x.startedAt
    if (f.status !== 429) {
      this.runs.delete(key.id)
      return
    }
    if (!run) {
      this.runs.set(key.id, { lastRespondedAt: respondedAt, lastWait: null, logIds: [f.logId] })
      return
    }
    const wait = f.x.startedAt - run.lastRespondedAt
    if (run.logIds.length < 5) run.logIds.push(f.logId)
    if (run.lastWait !== null && run.lastWait > 0) {
      const ratio = wait / run.lastWait
      const tally = t['limits.backoff']
      if (ratio < BACKOFF_GROWTH) {
        tally.warn(
          [...run.logIds],
          `${key.method} ${key.path} answered 429 repeatedly and the waits did not grow (${ms(run.lastWait)} then ${ms(wait)}). Back off exponentially (double the wait each time, from Retry-After) with random jitter (7).`,
        )
      } else if (Math.abs(ratio - Math.round(ratio)) < JITTER_EPSILON) {
        tally.warn(
          [...run.logIds],
          `${key.method} ${key.path}: the waits grew by an exact factor (${ms(run.lastWait)} then ${ms(wait)}), without jitter. Add a random part to each wait so that clients do not retry in lockstep (7).`,
        )
      } else tally.pass(f.logId)
    }
    run.lastWait = wait
    run.lastRespondedAt = respondedAt
  }
}

function ms(value: number): string {
  return `${Math.round(value / 100) / 10} s`
}
