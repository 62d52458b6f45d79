/**
 * Remembers accepted signatures until they could no longer pass the freshness check anyway, so a
 * reused signature is refused while keeping memory bounded: expired entries are swept as the
 * cache grows, and past `maxEntries` the oldest entry is forgotten (documented trade-off).
 */
export class SignatureReplayCache {
  private readonly seen = new Map<string, number>()
  private sweepAt: number

  constructor(private readonly maxEntries = 100_000) {
    this.sweepAt = 1024
  }

  /** True when this signature was already accepted and its lifetime is not over. */
  has(key: string, now: number): boolean {
    const until = this.seen.get(key)
    return until !== undefined && until > now
  }

  /** Remembers an accepted signature until `untilMs`. */
  remember(key: string, untilMs: number, now: number): void {
    if (this.seen.size >= this.sweepAt) this.sweep(now)
    if (this.seen.size >= this.maxEntries) {
      const oldest = this.seen.keys().next()
      if (!oldest.done) this.seen.delete(oldest.value)
    }
    this.seen.set(key, untilMs)
  }

  /** Number of signatures currently remembered. */
  get size(): number {
    return this.seen.size
  }

  private sweep(now: number): void {
    for (const [key, until] of this.seen) if (until <= now) this.seen.delete(key)
    this.sweepAt = Math.max(1024, this.seen.size * 2)
  }
}
