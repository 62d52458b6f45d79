/**
 * One rate key's recent request start times, oldest first, for the pace judge: a circular buffer, so dropping the
 * oldest moves nothing (Array.shift on a full window copied or trimmed the array on every request, and the next push
 * then grew it anew). It grows by doubling, up to twice what the judge keeps (limit + 2 at most at once), and is
 * reused for another key when its own is evicted: in steady traffic it allocates nothing. It also keeps its key's
 * limit, so the limits' patterns are matched once per key and change of the limits, not on every request.
 */
export class StartTimes {
  private times = new Float64Array(2)
  private head = 0
  count = 0
  /** The key's limit as QuotaLimits answered it at version `limitsVersion` (-1: not asked yet for this key). */
  limit = 0
  limitsVersion = -1

  /** Empties it and holds `at` alone (a new key's first request); the key's limit is asked anew. */
  reset(at: number): void {
    this.head = 0
    this.count = 1
    this.times[0] = at
    this.limitsVersion = -1
  }

  push(at: number): void {
    const capacity = this.times.length
    if (this.count === capacity) {
      const grown = new Float64Array(capacity * 2)
      for (let i = 0; i < capacity; i++) grown[i] = this.times[(this.head + i) % capacity]!
      this.times = grown
      this.head = 0
    }
    this.times[(this.head + this.count) % this.times.length] = at
    this.count++
  }

  /** The oldest start time held (NaN when empty). */
  first(): number {
    return this.count === 0 ? Number.NaN : this.times[this.head]!
  }

  dropFirst(): void {
    this.head = (this.head + 1) % this.times.length
    this.count--
  }
}
