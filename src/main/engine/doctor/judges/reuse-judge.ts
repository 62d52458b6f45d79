import type { ExchangeFacts } from '../exchange-facts'
import type { Judge, Tallies } from '../judge'

/** Signatures remembered this long (well past the 10 s lifetime, to catch a cached signature), at most MAX_SEEN. */
const REUSE_MEMORY_MS = 10 * 60_000
const MAX_SEEN = 20_000

interface Seen {
  at: number
  logId: string
  timestamp: string
  /** The server verified it; when not (refused, throttled, answered by a drill), a same-second resend is a retry. */
  verified: boolean
}

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
 */
export class ReuseJudge implements Judge {
  private readonly seen = new Map<string, Seen>()
  /** The keys of `seen` in insertion order, from `head` on: eviction pops from here instead of iterating the Map. */
  private order: string[] = []
  private head = 0

  /** Whether this signature was sent by an exchange before `logId` (and is remembered): its timestamp is that one's. */
  sentBefore(signature: string, logId: string): boolean {
    const before = this.seen.get(signature.trim().toLowerCase())
    return before !== undefined && before.logId !== logId
  }

  observe(f: ExchangeFacts, t: Tallies): void {
    const raw = f.header('x-signature')
    if (raw === undefined) return
    const signature = raw.trim().toLowerCase()
    const now = f.x.startedAt
    this.evict(now)
    const before = this.seen.get(signature)
    const timestamp = (f.header('x-timestamp') ?? '').trim()
    const verified = reachedServerVerifier(f)
    if (before === undefined || (!before.verified && Math.abs(now - before.at) < SAME_SECOND_MS)) {
      if (before === undefined) {
        this.seen.set(signature, { at: now, logId: f.logId, timestamp, verified })
        this.order.push(signature)
      } else if (verified) before.verified = true
      t['signing.fresh-signature'].pass(f.logId)
      return
    }
    const sameSecond = before.timestamp === timestamp && Math.abs(now - before.at) < SAME_SECOND_MS
    t['signing.fresh-signature'].fail(
      [before.logId, f.logId],
      sameSecond
        ? 'Two identical signed requests were sent in the same second: same method, path, body and timestamp give the same signature, and the server refuses the second as reused. Space identical requests by at least a second; and if the signature was cached, sign every request anew.'
        : `A signature was sent again (first sent ${Math.round((now - before.at) / 100) / 10} s earlier). Compute a new timestamp and signature for every request, retries included; never cache a signature.`,
    )
  }

  /**
   * Forgets signatures older than REUSE_MEMORY_MS, oldest first, and any past MAX_SEEN: in O(1) amortized per
   * exchange. (Iterating a Map from its start after many deletions walks every deleted slot until the Map rehashes.)
   */
  private evict(now: number): void {
    while (this.head < this.order.length) {
      const key = this.order[this.head]!
      const entry = this.seen.get(key)!
      if (entry.at >= now - REUSE_MEMORY_MS && this.seen.size <= MAX_SEEN) break
      this.seen.delete(key)
      this.head++
    }
    if (this.head > 1024 && this.head * 2 > this.order.length) {
      this.order = this.order.slice(this.head)
      this.head = 0
    }
  }
}
