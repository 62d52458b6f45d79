import { answeredInPlace } from '../drills/drill-catalogue'
import type { ExchangeFacts } from '../exchange-facts'
import type { DoctorSettings, Judge, JudgeScope, Tallies } from '../judge'
import { RecentMap } from '../recent-map'
import { RATE_LIMITED, rateKeyOf } from './rate-key'
import { StartTimes } from './start-times'

/** The share of the window's limit from which the pace is a warning. */
const PACE_WARNING_SHARE = 0.8
/** A projection needs at least this many requests spread over at least this long, or a burst would look like a pace. */
const PROJECTION_MIN_REQUESTS = 10
const PROJECTION_MIN_SPAN_MS = 60_000

/**
 * Section 8: 100 requests per rolling 60-minute window per (client, method, path), 500 on the table's families (the
 * engine's QuotaLimits). Counts what the server counts: not a request refused with 429 (it consumed no quota) nor
 * one a drill answered in the server's place (it never reached the server). Keeps, per key, a ring of at most limit + 1 start times; fails when more than the limit were
 * sent in one window, warns at 80 % of it or when the pace of the last minutes, projected over the window, would
 * pass it.
 */
export class PaceJudge implements Judge {
  readonly scope: JudgeScope = RATE_LIMITED
  private readonly rings = new RecentMap<StartTimes>(1000)
  /** The ring of the key evicted last, reused by the next new key. */
  private spare: StartTimes | null = null

  constructor(private readonly settings: DoctorSettings) {}

  observe(f: ExchangeFacts, t: Tallies): void {
    const key = rateKeyOf(f, this.settings)
    if (!key || f.status === 429 || answeredInPlace(f.x.drill)) return
    const limits = this.settings.limits
    const windowMs = limits.windowSeconds * 1000
    const now = f.x.startedAt
    let ring = this.rings.get(key.id)
    // A new key's ring is the last evicted one, emptied (traffic over many paths makes most rings new, and each would
    // otherwise live until evicted and die old).
    if (ring === undefined) {
      ring = this.spare ?? new StartTimes()
      this.spare = null
      ring.reset(now)
    } else ring.push(now)
    // The key's limit, matched against the limits' patterns only when the key is new or the limits changed.
    if (ring.limitsVersion !== limits.version) {
      ring.limit = limits.limitFor(key.method, key.path)
      ring.limitsVersion = limits.version
    }
    const limit = ring.limit
    while (ring.count > 0 && (ring.first() <= now - windowMs || ring.count > limit + 1)) ring.dropFirst()
    const evicted = this.rings.set(key.id, ring)
    if (evicted !== undefined && evicted !== ring) this.spare = evicted
    const count = ring.count
    const tally = t['limits.pace']
    // A pace past the limit fails on every request: its message is built only when the tally keeps it.
    if (count > limit) {
      tally.fail(
        f.logId,
        tally.keeps('fail')
          ? `More than ${limit} requests to ${key.method} ${key.path} within ${windowMs / 60_000} minutes: the server refuses the excess with 429. Count requests per (client, method, path) and spread them over the window, or cache the answers.`
          : '',
      )
      return
    }
    if (count >= Math.ceil(limit * PACE_WARNING_SHARE)) {
      tally.warn(
        f.logId,
        tally.keeps('warning')
          ? `${count} of ${limit} requests to ${key.method} ${key.path} used in the current ${windowMs / 60_000}-minute window. Slow down or cache: the next ${limit - count} will exhaust it.`
          : '',
      )
      return
    }
    const span = now - ring.first()
    if (count >= PROJECTION_MIN_REQUESTS && span >= PROJECTION_MIN_SPAN_MS) {
      const projected = Math.round((count / span) * windowMs)
      if (projected > limit) {
        tally.warn(
          f.logId,
          tally.keeps('warning')
            ? `At the pace of the last ${Math.round(span / 1000)} s, ${key.method} ${key.path} would reach ${projected} requests per window; the limit is ${limit}. It will answer 429 in about ${Math.round((((limit - count) / count) * span) / 60_000)} minutes: spread the calls or cache the answers.`
            : '',
        )
        return
      }
    }
    tally.pass(f.logId)
  }
}
