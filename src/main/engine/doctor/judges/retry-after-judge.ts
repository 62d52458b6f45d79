import type { ExchangeFacts } from '../exchange-facts'
import { BoundedMap, type DoctorSettings, type Judge, type JudgeScope, type Tallies } from '../judge'
import { RATE_LIMITED, rateKeyOf, retryAfterMs } from './rate-key'

/** The wait a client assumes when a 429 has no Retry-After (section 7's reference handler). */
const DEFAULT_RETRY_AFTER_MS = 60_000
/** Timers fire a little early or late, and the capture stamps the answer as it leaves: this much early is tolerated. */
const RETRY_AFTER_TOLERANCE_MS = 250
/** 429 windows remembered per key (parallel calls may each meet one). */
const WINDOWS_PER_KEY = 8
/** A window is forgotten this long after it ended: a slow request recorded late is still judged against it. */
const WINDOW_MEMORY_MS = 5 * 60_000

/** The wait one 429 imposed on its key: from the moment the client received it until Retry-After elapsed. */
interface Window {
  /** When the 429's response reached the client: a request started earlier was already in flight, not a retry. */
  from: number
  until: number
  logId: string
  waitMs: number
  explicit: boolean
  /** A request has already been seen to wait it out (one pass per window is enough). */
  followed: boolean
}

/**
 * Section 7: after a 429, nothing on that (client, method, path) before Retry-After seconds (60 when absent). Each 429
 * opens a window on its key from the moment its answer reached the client until the wait elapsed; a request on the
 * key that STARTED inside a window fails the rule. Requests started before the 429 was received (parallel siblings
 * already in flight) could not have read it and are not retries. Other keys stay free: the limit is per path.
 */
export class RetryAfterJudge implements Judge {
  readonly scope: JudgeScope = RATE_LIMITED
  private readonly windows = new BoundedMap<string, Window[]>(1000)

  constructor(private readonly settings: DoctorSettings) {}

  observe(f: ExchangeFacts, t: Tallies): void {
    // No 429 yet and none now: no window to judge against or to open (the usual exchange), so no key is needed.
    if (this.windows.size === 0 && f.status !== 429) return
    this.judge(f, t)
  }

  /** An exchange with windows to judge against or one to open (its closures' context is allocated only here). */
  private judge(f: ExchangeFacts, t: Tallies): void {
    const key = rateKeyOf(f, this.settings)
    if (!key) return
    const tally = t['limits.retry-after']
    const started = f.x.startedAt
    let windows = this.windows.get(key.id)
    if (windows) {
      windows = windows.filter(w => w.until + WINDOW_MEMORY_MS > started)
      const broken = windows.find(w => w.from <= started && started < w.until - RETRY_AFTER_TOLERANCE_MS)
      if (broken) {
        const early = Math.round((broken.until - started) / 100) / 10
        tally.fail(
          [broken.logId, f.logId],
          `${key.method} ${key.path} was sent again ${early} s before the ${broken.explicit ? 'Retry-After' : 'default 60 s'} wait of the 429 ended (wait ${broken.waitMs / 1000} s). Stop requests to that endpoint and wait Retry-After seconds${broken.explicit ? '' : ' (60 when the header is absent)'} before retrying (7).`,
        )
      } else {
        const waited = windows.find(w => !w.followed && w.from <= started)
        if (waited) {
          waited.followed = true
          tally.pass(f.logId)
        }
      }
    }
    if (f.status === 429) {
      const respondedAt = f.x.respondedAt ?? started
      const given = retryAfterMs(f.responseHeader('retry-after'), respondedAt)
      const waitMs = given ?? DEFAULT_RETRY_AFTER_MS
      windows ??= []
      windows.push({ from: respondedAt, until: respondedAt + waitMs, logId: f.logId, waitMs, explicit: given !== null, followed: false })
      if (windows.length > WINDOWS_PER_KEY) windows.shift()
      tally.pass(f.logId, 'Every 429 was followed by a wait of at least Retry-After (60 s when absent) on its path.')
    }
    if (windows === undefined) return
    if (windows.length === 0) this.windows.delete(key.id)
    else this.windows.set(key.id, windows)
  }
}
