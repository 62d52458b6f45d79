import type { ExchangeFacts } from '../exchange-facts'
import { BoundedMap, type DoctorSettings, type Judge, type Tallies } from '../judge'
import { rateKeyOf, retryAfterMs } from './rate-key'

/** The wait a client assumes when a 429 has no Retry-After (section 7's reference handler). */
const DEFAULT_RETRY_AFTER_MS = 60_000
/** Timers fire a little early or late, and the capture stamps the answer as it leaves: this much early is tolerated. */
const RETRY_AFTER_TOLERANCE_MS = 250

interface Block {
  until: number
  logId: string
  waitMs: number
  explicit: boolean
}

/**
 * Section 7: after a 429, nothing on that (client, method, path) before Retry-After seconds (60 when absent). Each 429
 * blocks its key until then; a request on the key that starts earlier fails the rule. Other keys stay free: the
 * limit is per path.
 */
export class RetryAfterJudge implements Judge {
  private readonly blocks = new BoundedMap<string, Block>(1000)

  constructor(private readonly settings: DoctorSettings) {}

  observe(f: ExchangeFacts, t: Tallies): void {
    const key = rateKeyOf(f, this.settings)
    if (!key) return
    const tally = t['limits.retry-after']
    const block = this.blocks.get(key.id)
    if (block) {
      if (f.x.startedAt < block.until - RETRY_AFTER_TOLERANCE_MS) {
        const early = Math.round((block.until - f.x.startedAt) / 100) / 10
        tally.fail(
          [block.logId, f.logId],
          `${key.method} ${key.path} was sent again ${early} s before the ${block.explicit ? 'Retry-After' : 'default 60 s'} wait of the 429 ended (wait ${block.waitMs / 1000} s). Stop requests to that endpoint and wait Retry-After seconds${block.explicit ? '' : ' (60 when the header is absent)'} before retrying (7).`,
        )
      } else {
        tally.pass(f.logId)
        this.blocks.delete(key.id)
      }
    }
    if (f.status !== 429) return
    const respondedAt = f.x.respondedAt ?? f.x.startedAt
    const given = retryAfterMs(f.responseHeader('retry-after'), respondedAt)
    const waitMs = given ?? DEFAULT_RETRY_AFTER_MS
    this.blocks.set(key.id, { until: respondedAt + waitMs, logId: f.logId, waitMs, explicit: given !== null })
    tally.pass(f.logId, 'Every 429 was followed by a wait of at least Retry-After (60 s when absent) on its path.')
  }
}
