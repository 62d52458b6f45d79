/**
 * A ring of request timestamps for one quota key. It grows on demand up to the key's limit and
 * never beyond, so memory is bounded by the limit, not by traffic.
 */
export class TimestampRing {
  private buf: Float64Array
  private head = 0
  private size = 0

  private capacityLimit: number

  constructor(private limitSeen: number) {
    this.capacityLimit = Math.max(1, limitSeen)
    this.buf = new Float64Array(Math.min(this.capacityLimit, 16))
  }

  /** Number of timestamps currently counted. */
  get count(): number {
    return this.size
  }

  /** The oldest counted timestamp, or undefined when empty. */
  oldest(): number | undefined {
    return this.size === 0 ? undefined : this.buf[this.head]
  }

  /** Drops timestamps that have left the rolling window ending at `now`. */
  evictOlderThan(now: number, windowMs: number): void {
    const cap = this.buf.length
    while (this.size > 0 && now - (this.buf[this.head] as number) >= windowMs) {
      this.head = (this.head + 1) % cap
      this.size--
    }
  }

  /** Records a timestamp if fewer than `limit` are counted; returns false when the key is full. */
  tryPush(now: number, limit: number): boolean {
    if (limit !== this.limitSeen) this.resize(limit)
    if (this.size >= limit) return false
    if (this.size === this.buf.length) this.grow()
    this.buf[(this.head + this.size) % this.buf.length] = now
    this.size++
    return true
  }

  private grow(): void {
    this.copyInto(Math.min(this.capacityLimit, this.buf.length * 2), this.size)
  }

  /** A changed limit keeps the newest timestamps that still fit. */
  private resize(limit: number): void {
    this.limitSeen = limit
    this.capacityLimit = Math.max(1, limit)
    const keep = Math.min(this.size, this.capacityLimit)
    const capacity = Math.max(1, Math.min(this.capacityLimit, Math.max(16, keep)))
    this.copyInto(capacity, keep)
  }

  private copyInto(capacity: number, keep: number): void {
    const next = new Float64Array(capacity)
    const skip = this.size - keep
    for (let i = 0; i < keep; i++) next[i] = this.buf[(this.head + skip + i) % this.buf.length] as number
    this.buf = next
    this.head = 0
    this.size = keep
  }
}
