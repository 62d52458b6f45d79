import type { ExchangeFacts } from '../exchange-facts'
import type { Judge, JudgeScope, Tallies } from '../judge'
import { lowerCased, trimmed } from '../plain-text'

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
 * Every signed request adds one signature that lives for minutes, so the memory is columns, not an object per
 * signature: the signature maps to its position in arrays kept in insertion order (when, which exchange, the
 * timestamp sent, whether the server verified it), which eviction consumes from the oldest end.
 */
export class ReuseJudge implements Judge {
  readonly scope: JudgeScope = { signedOnly: true }
  /** Signature → its sequence number; its columns are at `sequence - base`. */
  private readonly seen = new Map<string, number>()
  private signatures: string[] = []
  private ats: number[] = []
  private logIds: string[] = []
  private timestamps: string[] = []
  private verified: boolean[] = []
  /** The sequence number of the columns' first element, and of the oldest remembered signature. */
  private base = 0
  private oldest = 0

  /** Whether this signature was sent by an exchange before `logId` (and is remembered): its timestamp is that one's. */
  sentBefore(signature: string, logId: string): boolean {
    const seq = this.seen.get(lowerCased(trimmed(signature)))
    return seq !== undefined && this.logIds[seq - this.base] !== logId
  }

  observe(f: ExchangeFacts, t: Tallies): void {
    const raw = f.header('x-signature')
    if (raw === undefined) return
    const signature = lowerCased(trimmed(raw))
    const now = f.x.startedAt
    this.evict(now)
    const seq = this.seen.get(signature)
    const timestamp = trimmed(f.header('x-timestamp') ?? '')
    const verified = reachedServerVerifier(f)
    const i = seq === undefined ? -1 : seq - this.base
    if (seq === undefined) {
      this.seen.set(signature, this.base + this.signatures.length)
      this.signatures.push(signature)
      this.ats.push(now)
      this.logIds.push(f.logId)
      this.timestamps.push(timestamp)
      this.verified.push(verified)
      t['signing.fresh-signature'].pass(f.logId)
      return
    }
    const beforeAt = this.ats[i]!
    if (!this.verified[i] && Math.abs(now - beforeAt) < SAME_SECOND_MS) {
      if (verified) this.verified[i] = true
      t['signing.fresh-signature'].pass(f.logId)
      return
    }
    const sameSecond = this.timestamps[i] === timestamp && Math.abs(now - beforeAt) < SAME_SECOND_MS
    t['signing.fresh-signature'].fail(
      [this.logIds[i]!, f.logId],
      sameSecond
        ? 'Two identical signed requests were sent in the same second: same method, path, body and timestamp give the same signature, and the server refuses the second as reused. Space identical requests by at least a second; and if the signature was cached, sign every request anew.'
        : `A signature was sent again (first sent ${Math.round((now - beforeAt) / 100) / 10} s earlier). Compute a new timestamp and signature for every request, retries included; never cache a signature.`,
    )
  }

  /**
   * Forgets signatures older than REUSE_MEMORY_MS, oldest first, and any past MAX_SEEN: in O(1) amortized per
   * exchange. (Iterating a Map from its start after many deletions walks every deleted slot until the Map rehashes.)
   */
  private evict(now: number): void {
    const end = this.base + this.signatures.length
    while (this.oldest < end) {
      const i = this.oldest - this.base
      if (this.ats[i]! >= now - REUSE_MEMORY_MS && this.seen.size <= MAX_SEEN) break
      this.seen.delete(this.signatures[i]!)
      this.oldest++
    }
    const gone = this.oldest - this.base
    if (gone > 1024 && gone * 2 > this.signatures.length) {
      this.signatures = this.signatures.slice(gone)
      this.ats = this.ats.slice(gone)
      this.logIds = this.logIds.slice(gone)
      this.timestamps = this.timestamps.slice(gone)
      this.verified = this.verified.slice(gone)
      this.base = this.oldest
    }
  }
}
