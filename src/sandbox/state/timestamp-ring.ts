/**
 * The request timestamps one quota key counts in its rolling window, as runs: requests counted in the same
 * millisecond share one slot (time, count). Under load many requests fall in one millisecond, so the ring holds a
 * slot per busy millisecond, not per request, and a frozen clock (tests, a paused sandbox) needs one slot. It grows on
 * demand up to the key's limit and never beyond (a slot counts at least one request), so memory is bounded by the
 * limit and by the milliseconds in the window, not by traffic. Answers are exactly those of a list of timestamps.
 */
export class TimestampRing {
  private times: Float64Array
  private counts: Uint32Array
  /** Index of the oldest run. */
  private head = 0
  /** Number of runs held. */
  private runs = 0
  /** Requests counted: the sum of the runs' counts. */
  private total = 0

  private capacityLimit: number

  constructor(private limitSeen: number) {
    this.capacityLimit = Math.max(1, limitSeen)
    const capacity = Math.min(this.capacityLimit, 16)
    this.times = new Float64Array(capacity)
    this.counts = new Uint32Array(capacity)
  }

  /** Number of timestamps currently counted. */
  get count(): number {
    return this.total
  }

  /** The oldest counted timestamp, or undefined when empty. */
  oldest(): number | undefined {
    return this.runs === 0 ? undefined : this.times[this.head]
  }

  /** Drops timestamps that have left the rolling window ending at `now`. */
  evictOlderThan(now: number, windowMs: number): void {
    const cap = this.times.length
    while (this.runs > 0 && now - (this.times[this.head] as number) >= windowMs) {
      this.total -= this.counts[this.head] as number
      this.head = (this.head + 1) % cap
      this.runs--
    }
  }

  /** Records a timestamp if fewer than `limit` are counted; returns false when the key is full. */
  tryPush(now: number, limit: number): boolean {
    if (limit !== this.limitSeen) this.resize(limit)
    if (this.total >= limit) return false
    if (this.runs > 0) {
      const last = (this.head + this.runs - 1) % this.times.length
      if (this.times[last] === now) {
        ;(this.counts[last] as number)++
        this.total++
        return true
      }
    }
    if (this.runs === this.times.length) this.copyInto(Math.min(this.capacityLimit, this.times.length * 2), this.total)
    const at = (this.head + this.runs) % this.times.length
    this.times[at] = now
    this.counts[at] = 1
    this.runs++
    this.total++
    return true
  }

  /** A changed limit keeps the newest timestamps that still fit. */
  private resize(limit: number): void {
    this.limitSeen = limit
    this.capacityLimit = Math.max(1, limit)
    const keep = Math.min(this.total, this.capacityLimit)
    this.copyInto(Math.max(1, Math.min(this.capacityLimit, Math.max(16, keep))), keep)
  }

  /** Moves the newest `keep` timestamps into arrays of `capacity` slots (the oldest run kept may be cut short). */
  private copyInto(capacity: number, keep: number): void {
    const cap = this.times.length
    let first = this.runs
    let counted = 0
    while (first > 0 && counted < keep) {
      first--
      counted += this.counts[(this.head + first) % cap] as number
    }
    const times = new Float64Array(capacity)
    const counts = new Uint32Array(capacity)
    let runs = 0
    for (let i = first; i < this.runs; i++) {
      times[runs] = this.times[(this.head + i) % cap] as number
      counts[runs] = this.counts[(this.head + i) % cap] as number
      runs++
    }
    if (runs > 0) counts[0] = (counts[0] as number) - (counted - keep)
    this.times = times
    this.counts = counts
    this.head = 0
    this.runs = runs
    this.total = keep
  }
}
