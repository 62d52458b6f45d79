import type { ExchangeFacts } from '../exchange-facts'
import type { Judge, JudgeScope, Tallies } from '../judge'
import { lowerCased, trimmed } from '../plain-text'
import { StringSlots } from '../string-slots'

/** Signatures remembered this long (well past the 10 s lifetime, to catch a cached signature), at most MAX_SEEN. */
const REUSE_MEMORY_MS = 10 * 60_000
const MAX_SEEN = 20_000

/** A resend this long after the first sending cannot be a same-second retry: a fresh signature has a new timestamp. */
const SAME_SECOND_MS = 1500

/**
 * Whether the server verified (and so remembered) the signature: it answered, not with 401 (refused signature), 429
 * (the quota is checked first) or a 5xx, and no drill answered in its place. A same-second retry after a 429 or a 503
 * signs the same string again and is not refused for it (the retry's timing is limits.retry-after's business).
 */
function reachedServerVerifier(f: ExchangeFacts): boolean {
  const status = f.status
  return status !== null && f.x.drill === null && status !== 401 && status !== 429 && status < 500
}

/**
 * 5.2: a fresh signature per request. Remembers each x-signature for REUSE_MEMORY_MS (evicted by time, then by
 * count), and fails a request that sends one again: one the server verified, at any time; one it did not (refused
 * for another mistake, throttled, answered by a drill), from a later second on, where a fresh signature would have a
 * new timestamp (so a mistake the server refuses cannot hide a cached signature). Two requests in the same second
 * share a timestamp, which is fine, but when they are also identical (method, path, body) their signatures are too:
 * the server refuses the second, and the message says to space them.
 *
 * Every signed request adds one signature that lives for minutes, so the memory is allocated once, not per signature
 * (nor by a Map growing and rehashing): a ring of MAX_SEEN + 1 positions (maxSeen: smaller in tests) in insertion order (when, which exchange,
 * the timestamp sent, whether the server verified it), each signature's position found through StringSlots, and
 * eviction consuming the ring from its oldest end.
 */
export class ReuseJudge implements Judge {
  readonly scope: JudgeScope = { signedOnly: true }
  /** The ring's positions: maxSeen after eviction, and the one the exchange being judged adds. */
  private readonly ring: number
  /** Signature → its ring position. */
  private readonly seen: StringSlots
  private readonly ats: Float64Array
  private readonly logIds: string[]
  /** The x-timestamp sent, as its number when written in plain digits (stampOf), else NaN and its text in oddStamps. */
  private readonly stamps: Float64Array
  private readonly oddStamps: string[]
  private readonly verified: Uint8Array
  /** What sentBefore found last (the skew judge asks just before this judge records the same exchange). */
  private askedSignature: string | null = null
  private askedLogId = ''
  private askedAt = -1
  /** The ring position of the oldest remembered signature, and how many are remembered. */
  private oldest = 0
  private count = 0

  constructor(private readonly maxSeen = MAX_SEEN) {
    this.ring = maxSeen + 1
    this.seen = new StringSlots(this.ring)
    this.ats = new Float64Array(this.ring)
    this.logIds = new Array<string>(this.ring).fill('')
    this.stamps = new Float64Array(this.ring)
    this.oddStamps = new Array<string>(this.ring).fill('')
    this.verified = new Uint8Array(this.ring)
  }

  /** Whether this signature was sent by an exchange before `logId` (and is remembered): its timestamp is that one's. */
  sentBefore(signature: string, logId: string): boolean {
    const i = this.seen.find(lowerCased(trimmed(signature)))
    this.askedSignature = signature
    this.askedLogId = logId
    this.askedAt = i
    return i >= 0 && this.logIds[i] !== logId
  }

  observe(f: ExchangeFacts, t: Tallies): void {
    const raw = f.header('x-signature')
    if (raw === undefined) return
    const now = f.x.startedAt
    this.evict(now)
    // The skew judge's lookup of this very exchange's signature, unless evict() just freed its position.
    const asked = this.askedSignature === raw && this.askedLogId === f.logId
    this.askedSignature = null
    const signature = lowerCased(trimmed(raw))
    const i = asked ? this.askedAt : this.seen.find(signature)
    const timestamp = trimmed(f.header('x-timestamp') ?? '')
    const verified = reachedServerVerifier(f)
    if (i < 0) {
      // evict() left at most maxSeen, so the ring has a free position after its newest.
      const at = (this.oldest + this.count) % this.ring
      this.count++
      this.seen.put(signature, at)
      this.ats[at] = now
      this.logIds[at] = f.logId
      const stamp = stampOf(timestamp)
      this.stamps[at] = stamp
      this.oddStamps[at] = Number.isNaN(stamp) ? timestamp : ''
      this.verified[at] = verified ? 1 : 0
      t['signing.fresh-signature'].pass(f.logId)
      return
    }
    const beforeAt = this.ats[i]!
    if (this.verified[i] === 0 && Math.abs(now - beforeAt) < SAME_SECOND_MS) {
      if (verified) this.verified[i] = 1
      t['signing.fresh-signature'].pass(f.logId)
      return
    }
    const sameSecond = this.sameStamp(i, timestamp) && Math.abs(now - beforeAt) < SAME_SECOND_MS
    t['signing.fresh-signature'].fail(
      [this.logIds[i]!, f.logId],
      sameSecond
        ? 'Two identical signed requests were sent in the same second: same method, path, body and timestamp give the same signature, and the server refuses the second as reused. Space identical requests by at least a second; and if the signature was cached, sign every request anew.'
        : `A signature was sent again (first sent ${Math.round((now - beforeAt) / 100) / 10} s earlier). Compute a new timestamp and signature for every request, retries included; never cache a signature.`,
    )
  }

  /** Whether the position's remembered x-timestamp is this text. */
  private sameStamp(i: number, timestamp: string): boolean {
    const stamp = stampOf(timestamp)
    return Number.isNaN(stamp) ? Number.isNaN(this.stamps[i]!) && this.oddStamps[i] === timestamp : this.stamps[i] === stamp
  }

  /** Forgets signatures older than REUSE_MEMORY_MS, oldest first (in sending order), and any past MAX_SEEN. */
  private evict(now: number): void {
    while (this.count > 0) {
      const i = this.oldest
      if (this.ats[i]! >= now - REUSE_MEMORY_MS && this.count <= this.maxSeen) break
      this.seen.free(i)
      if (this.askedAt === i) this.askedSignature = null
      this.logIds[i] = ''
      this.oddStamps[i] = ''
      this.oldest = (i + 1) % this.ring
      this.count--
    }
  }
}

/**
 * A timestamp's text as a number when that number names it alone: 1 to 15 digits without a leading zero ("0"
 * itself), so equal numbers mean equal texts. NaN for any other text, which is then kept as text.
 */
function stampOf(text: string): number {
  const n = text.length
  if (n === 0 || n > 15 || (n > 1 && text.charCodeAt(0) === 48)) return Number.NaN
  let value = 0
  for (let i = 0; i < n; i++) {
    const digit = text.charCodeAt(i) - 48
    if (digit < 0 || digit > 9) return Number.NaN
    value = value * 10 + digit
  }
  return value
}
