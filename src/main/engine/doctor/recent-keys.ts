import { StringSlots } from './string-slots'

/** No slot: the end of the recency list. */
const NONE = -1

/**
 * The same bound and the same eviction as BoundedMap (judge.ts: the least recently used key goes first), for state
 * touched on every exchange, in storage allocated once: each key held has a slot number in [0, max) that it keeps
 * while held, found through StringSlots, and the recency list links slots through two integer arrays. The caller
 * keeps its per-key state in its own columns indexed by slot (typed arrays: a key seen once costs no object), and
 * `fresh` tells it when a slot's state is another key's, left there by a key this one evicted. O(1) per call, and
 * no Map growing, rehashing or shedding deleted entries when traffic cycles through more keys than the bound (the
 * pace judge on many paths).
 */
export class RecentKeys {
  private readonly slots: StringSlots
  private readonly older: Int32Array
  private readonly newer: Int32Array
  private oldest = NONE
  private newest = NONE
  private used = 0
  /** Whether the key of the last `use` was not held before it (its slot's state is not its own yet). */
  fresh = false

  constructor(private readonly max: number) {
    this.slots = new StringSlots(max)
    this.older = new Int32Array(max).fill(NONE)
    this.newer = new Int32Array(max).fill(NONE)
  }

  get size(): number {
    return this.used
  }

  /**
   * Makes the key the most recent and returns its slot: the one it holds, else a free one, else the least recently
   * used key's (that key is forgotten). `fresh` says which.
   */
  use(key: string): number {
    let slot = this.slots.find(key)
    this.fresh = slot < 0
    if (slot >= 0) {
      if (slot === this.newest) return slot
      this.unlink(slot)
    } else if (this.used >= this.max) {
      slot = this.oldest
      this.unlink(slot)
      this.slots.free(slot)
      this.slots.put(key, slot)
    } else {
      slot = this.used++
      this.slots.put(key, slot)
    }
    this.older[slot] = this.newest
    if (this.newest !== NONE) this.newer[this.newest] = slot
    this.newest = slot
    if (this.oldest === NONE) this.oldest = slot
    return slot
  }

  private unlink(slot: number): void {
    const older = this.older[slot]!
    const newer = this.newer[slot]!
    if (older !== NONE) this.newer[older] = newer
    else this.oldest = newer
    if (newer !== NONE) this.older[newer] = older
    else this.newest = older
    this.older[slot] = NONE
    this.newer[slot] = NONE
  }
}
