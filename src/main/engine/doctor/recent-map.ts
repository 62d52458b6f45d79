import { StringSlots } from './string-slots'

/** No slot: the end of the recency list. */
const NONE = -1

/**
 * The same bound and the same eviction as BoundedMap (judge.ts: the least recently set key goes first), for state
 * written on every exchange, in storage allocated once: keys find their slot through StringSlots, and the recency
 * list links slots through two integer arrays. Setting a key it holds moves it to the list's newest end; a new key
 * past the bound takes over the oldest key's slot. O(1) per call, and no Map growing, rehashing or shedding deleted
 * entries when traffic cycles through more keys than the bound (the pace judge on many paths).
 */
export class RecentMap<V> {
  private readonly slots: StringSlots
  private readonly values: Array<V | undefined>
  private readonly older: Int32Array
  private readonly newer: Int32Array
  private oldest = NONE
  private newest = NONE
  private used = 0
  /** The key looked up last and its slot (-1: absent), valid until the next `set`: the pace judge gets, then sets. */
  private foundKey: string | null = null
  private foundSlot = NONE

  constructor(private readonly max: number) {
    this.slots = new StringSlots(max)
    this.values = new Array<V | undefined>(max).fill(undefined)
    this.older = new Int32Array(max).fill(NONE)
    this.newer = new Int32Array(max).fill(NONE)
  }

  get size(): number {
    return this.used
  }

  get(key: string): V | undefined {
    const slot = this.slots.find(key)
    this.foundKey = key
    this.foundSlot = slot
    return slot < 0 ? undefined : this.values[slot]
  }

  /**
   * Sets the key as the most recent, and returns the value it evicted to stay within its bound (for the caller to
   * reuse).
   */
  set(key: string, value: V): V | undefined {
    // Nothing moved since `get` found (or missed) this key: its slot is known without probing the index again.
    let slot = key === this.foundKey ? this.foundSlot : this.slots.find(key)
    this.foundKey = null
    let evicted: V | undefined
    if (slot >= 0) {
      this.values[slot] = value
      if (slot === this.newest) return undefined
      this.unlink(slot)
    } else if (this.used >= this.max) {
      slot = this.oldest
      this.unlink(slot)
      this.slots.free(slot)
      evicted = this.values[slot]
      this.slots.put(key, slot)
      this.values[slot] = value
    } else {
      slot = this.used++
      this.slots.put(key, slot)
      this.values[slot] = value
    }
    this.older[slot] = this.newest
    if (this.newest !== NONE) this.newer[this.newest] = slot
    this.newest = slot
    if (this.oldest === NONE) this.oldest = slot
    return evicted
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
