import type { QuotaLimits } from '../../quota/quota-limits'
import { answeredInPlace } from '../drills/drill-catalogue'
import type { ExchangeFacts } from '../exchange-facts'
import type { DoctorSettings, Judge, JudgeScope, Tallies } from '../judge'
import { RecentKeys } from '../recent-keys'
import { RATE_LIMITED, rateKeyOf } from './rate-key'
import { StartTimes } from './start-times'

/** The share of the window's limit from which the pace is a warning. */
const PACE_WARNING_SHARE = 0.8
/** A projection needs at least this many requests spread over at least this long, or a burst would look like a pace. */
const PROJECTION_MIN_REQUESTS = 10
const PROJECTION_MIN_SPAN_MS = 60_000
/** Keys counted at most: the least recently used one is forgotten past it. */
const MAX_KEYS = 1000

/**
 * Section 8: 100 requests per rolling 60-minute window per (client, method, path), 500 on the table's families (the
 * engine's QuotaLimits). Counts what the server counts: not a request refused with 429 (it consumed no quota) nor
 * one a drill answered in the server's place (it never reached the server). Keeps, per key, a ring of at most limit
 * + 1 start times (from its second request: a key seen once is a start time in a column); fails when more than the
 * limit were sent in one window, warns at 80 % of it or when the pace of the last minutes, projected over the window,
 * would pass it.
 */
export class PaceJudge implements Judge {
  readonly scope: JudgeScope = RATE_LIMITED
  /** The keys counted, each with a slot that indexes the columns below while the key is held. */
  private readonly keys = new RecentKeys(MAX_KEYS)
  /** Each slot's ring of start times, once a key in it had a second request (reused by the slot's later keys). */
  private readonly rings: Array<StartTimes | null> = new Array<StartTimes | null>(MAX_KEYS).fill(null)
  /**
   * The start time of the slot's key while it has had one request only (its ring is not its own then); NaN once the
   * key's times are in its ring. One column: a key seen once touches one line of it.
   */
  private readonly lone = new Float64Array(MAX_KEYS).fill(Number.NaN)
  /**
   * As of limits version `limitsVersion`: the window in ms, and whether a key's first request passes whatever its
   * limit (firstRequestPasses). Kept here so that a usual request reads only the limits' version.
   */
  private windowMs = 0
  private firstPasses = false
  private limitsVersion = -1

  constructor(private readonly settings: DoctorSettings) {}

  observe(f: ExchangeFacts, t: Tallies): void {
    const key = rateKeyOf(f, this.settings)
    if (!key || f.status === 429 || answeredInPlace(f.x.drill)) return
    const limits = this.settings.limits
    if (this.limitsVersion !== limits.version) {
      this.windowMs = limits.windowSeconds * 1000
      this.firstPasses = firstRequestPasses(limits)
      this.limitsVersion = limits.version
    }
    const windowMs = this.windowMs
    const now = f.x.startedAt
    const slot = this.keys.use(key.id)
    let ring: StartTimes
    if (this.keys.fresh) {
      // A key's first request: on traffic over many paths (exports by date, locations by id) most keys are seen once.
      // When its verdict is a pass whatever the key's limit and the window keeps it (a start time that is a number),
      // it is only noted in the slot's column: no ring touched, no limit asked (the key's second request asks, as a
      // ring would after a change of the limits).
      if (this.firstPasses && now - windowMs < now) {
        this.lone[slot] = now
        t['limits.pace'].pass(f.logId)
        return
      }
      ring = this.ringOf(slot)
      ring.reset(now)
    } else {
      ring = this.ringOf(slot)
      ring.push(now)
    }
    // The key's limit, matched against the limits' patterns only when the key is new or the limits changed.
    if (ring.limitsVersion !== limits.version) {
      ring.limit = limits.limitFor(key.method, key.path)
      ring.limitsVersion = limits.version
    }
    const limit = ring.limit
    while (ring.count > 0 && (ring.first() <= now - windowMs || ring.count > limit + 1)) ring.dropFirst()
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

  /** The slot's ring, holding its key's times: the lone first one moved in when the key had no ring of its own yet. */
  private ringOf(slot: number): StartTimes {
    let ring = this.rings[slot]
    if (ring == null) {
      ring = new StartTimes()
      this.rings[slot] = ring
    }
    const lone = this.lone[slot]!
    if (!Number.isNaN(lone)) {
      ring.reset(lone)
      this.lone[slot] = Number.NaN
    }
    return ring
  }
}

/**
 * Whether a key's first request (alone in its window) passes under every limit the limits can answer: not past the
 * limit, not at the warning share, and nothing dropped for being past limit + 1 (a projection needs 10 requests).
 * Each limit is put through the very comparisons the verdict makes, so any value the configuration holds answers as
 * it would once asked.
 */
function firstRequestPasses(limits: QuotaLimits): boolean {
  const config = limits.describe()
  const passes = (limit: number) => !(1 > limit) && !(1 >= Math.ceil(limit * PACE_WARNING_SHARE)) && !(1 > limit + 1)
  return passes(config.defaultLimit) && config.overrides.every(r => passes(r.limit)) && config.specRules.every(r => passes(r.limit))
}
