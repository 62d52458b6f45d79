/** A free table position. Table entries are slot + 1, each followed by its key's full hash. */
const EMPTY = 0

/**
 * An index from text keys to slot numbers in [0, capacity), in storage allocated once: an open-addressing table
 * (linear probing, at most half full, deletion by backward shift, so no tombstones and no rehash). For the doctor's
 * state written on every exchange (remembered signatures, pace keys): a Map that keeps gaining and losing keys grows,
 * rehashes and reallocates its tables as it goes; this never allocates after construction. Keys are hashed over
 * their whole text with a seed drawn per instance, so no traffic can be shaped to pile its keys into one probe chain.
 * Each position holds its key's full hash beside the slot number (one cache line): a probe compares the hashes and
 * reads a key's text only when they are equal, so a lookup does not visit the long-lived key strings of other keys
 * (a fresh signature's lookup then reads no remembered signature at all).
 * The caller owns the slots: it puts a key it does not hold at a slot it does not use, and frees slots it used.
 */
export class StringSlots {
  /** Position i at [2i] (slot + 1, or EMPTY) and [2i + 1] (the key's hash). */
  private readonly table: Int32Array
  private readonly mask: number
  private readonly keys: Array<string | undefined>
  /** Each used slot's home position in the table, so freeing it needs no rehash of its key. */
  private readonly homes: Int32Array
  private readonly seed = (Math.random() * 0x1_0000_0000) | 0
  /** The last key hashed and its hash: a judge often looks a key up just after another did. */
  private lastKey = ''
  private lastHash = 0
  private lastHashed = false

  constructor(readonly capacity: number) {
    let size = 8
    while (size < capacity * 2) size *= 2
    this.table = new Int32Array(size * 2)
    this.mask = size - 1
    this.keys = new Array<string | undefined>(capacity).fill(undefined)
    this.homes = new Int32Array(capacity)
  }

  /** The slot holding `key`, or -1. */
  find(key: string): number {
    const mask = this.mask
    const table = this.table
    const h = this.hash(key)
    for (let i = h & mask; ; i = (i + 1) & mask) {
      const entry = table[2 * i]!
      if (entry === EMPTY) return -1
      if (table[2 * i + 1] === h && this.keys[entry - 1] === key) return entry - 1
    }
  }

  /** Puts a key the index does not hold at a slot not in use. */
  put(key: string, slot: number): void {
    const mask = this.mask
    const table = this.table
    const h = this.hash(key)
    let i = h & mask
    this.homes[slot] = i
    this.keys[slot] = key
    while (table[2 * i] !== EMPTY) i = (i + 1) & mask
    table[2 * i] = slot + 1
    table[2 * i + 1] = h
  }

  /** Frees a slot in use (its key is forgotten). Later entries of the probe chain move back into the gap. */
  free(slot: number): void {
    const mask = this.mask
    const table = this.table
    let hole = this.homes[slot]!
    while (table[2 * hole] !== slot + 1) hole = (hole + 1) & mask
    this.keys[slot] = undefined
    for (let j = (hole + 1) & mask; table[2 * j] !== EMPTY; j = (j + 1) & mask) {
      const h = table[2 * j + 1]!
      const home = h & mask
      // The entry stays when its home lies cyclically in (hole, j]: moving it before its home would lose it.
      const stays = hole <= j ? home > hole && home <= j : home > hole || home <= j
      if (stays) continue
      table[2 * hole] = table[2 * j]!
      table[2 * hole + 1] = h
      hole = j
    }
    table[2 * hole] = EMPTY
  }

  private hash(key: string): number {
    if (this.lastHashed && key === this.lastKey) return this.lastHash
    let h = this.seed ^ key.length
    for (let i = 0; i < key.length; i++) h = Math.imul(h ^ key.charCodeAt(i), 0x01000193)
    h ^= h >>> 16
    h = Math.imul(h, 0x85ebca6b)
    h ^= h >>> 13
    this.lastKey = key
    this.lastHash = h
    this.lastHashed = true
    return h
  }
}
