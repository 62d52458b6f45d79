/** Most request times one key keeps; past it the oldest are forgotten (the spec's limits are 100 and 500). */
const MAX_LEDGER_ENTRIES = 20_000
const HISTORY_MINUTES = 60

/**
 * This console's own requests to one quota key: the times of the requests the server counts (sorted, oldest first)
 * for the rolling window, and a per-minute count of every request sent for the 60-minute sparkline. Memory is bounded
 * by MAX_LEDGER_ENTRIES and 60 minute slots, whatever the traffic.
 */
export class KeyLedger {
  private stamps: number[] = []
  private head = 0
  /** Per-minute counts in a ring of 60 slots; a slot belongs to the minute stored next to it. */
  private readonly minuteCounts = new Int32Array(HISTORY_MINUTES)
  private readonly minuteOf = new Float64Array(HISTORY_MINUTES).fill(-1)

  /**
   * The last history handed out and the minute it ends at. It is never changed (a state keeps it); the next one of the
   * same minute is its copy with the last count updated, as long as every request added since fell in that minute.
   */
  private lastHistory: number[] | null = null
  private lastHistoryMinute = -1

  /** Requests ever added (never decreases): the difference between two readings is the requests sent in between. */
  added = 0

  /** Counts a request sent at `at` (ms). */
  add(at: number): void {
    this.added++
    const last = this.stamps[this.stamps.length - 1]
    if (last !== undefined && at < last) {
      // Clocks can step backwards; keep the array sorted so eviction from the front stays correct.
      let i = this.stamps.length
      while (i > this.head && (this.stamps[i - 1] as number) > at) i--
      this.stamps.splice(i, 0, at)
    } else {
      this.stamps.push(at)
    }
    if (this.size > MAX_LEDGER_ENTRIES) this.head++
    this.compact()
    const minute = Math.floor(at / 60_000)
    // A request in another minute (a clock step) may change any count, or reuse the slot of an older minute.
    if (minute !== this.lastHistoryMinute) this.lastHistory = null
    const slot = minute % HISTORY_MINUTES
    if (this.minuteOf[slot] !== minute) {
      this.minuteOf[slot] = minute
      this.minuteCounts[slot] = 0
    }
    this.minuteCounts[slot] = (this.minuteCounts[slot] as number) + 1
  }

  /** Un-counts a request (the server refused it with 429 and does not count refused requests). */
  remove(at: number): void {
    for (let i = this.stamps.length - 1; i >= this.head; i--) {
      if (this.stamps[i] === at) {
        this.stamps.splice(i, 1)
        return
      }
    }
  }

  /** Requests counted in the window ending at `now` (older ones are dropped). */
  count(now: number, windowMs: number): number {
    while (this.head < this.stamps.length && now - (this.stamps[this.head] as number) >= windowMs) this.head++
    this.compact()
    return this.size
  }

  /** The oldest counted request time (call `count` first to evict), or undefined. */
  oldest(): number | undefined {
    return this.head < this.stamps.length ? this.stamps[this.head] : undefined
  }

  /**
   * Requests sent per minute over the last 60 minutes ending at `now`, oldest first: a new array each time (a state
   * keeps it). Within the minute of the last one, only its last count can differ: a copy of it with that count set,
   * not the 60 slots read again.
   */
  history(now: number): number[] {
    const current = Math.floor(now / 60_000)
    const last = this.lastHistory
    if (last !== null && current === this.lastHistoryMinute) {
      const out = last.slice()
      out[HISTORY_MINUTES - 1] = this.countOf(current)
      this.lastHistory = out
      return out
    }
    const out: number[] = new Array(HISTORY_MINUTES)
    for (let i = 0; i < HISTORY_MINUTES; i++) {
      out[i] = this.countOf(current - HISTORY_MINUTES + 1 + i)
    }
    this.lastHistory = out
    this.lastHistoryMinute = current
    return out
  }

  /** Requests sent in one minute (0 when its slot holds another minute). */
  private countOf(minute: number): number {
    const slot = minute % HISTORY_MINUTES
    return this.minuteOf[slot] === minute ? (this.minuteCounts[slot] as number) : 0
  }

  clear(): void {
    this.lastHistory = null
    this.stamps = []
    this.head = 0
    this.minuteCounts.fill(0)
    this.minuteOf.fill(-1)
  }

  private get size(): number {
    return this.stamps.length - this.head
  }

  private compact(): void {
    if (this.head > 1024 && this.head * 2 > this.stamps.length) {
      this.stamps = this.stamps.slice(this.head)
      this.head = 0
    }
  }
}
