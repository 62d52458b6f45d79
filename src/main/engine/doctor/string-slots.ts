/** A free table position. Table entries are slot + 1. */
const EMPTY = 0

/**
 * An index from text keys to slot numbers in [0, capacity), in storage allocated once: an open-addressing table
 * (linear probing, at most half full, deletion by backward shift, so no tombstones and no rehash). For the doctor's
 * state written on every exchange (remembered signatures, pace keys): a Map that keeps gaining and losing keys grows,
 * rehashes and reallocates its tables as it goes; this never allocates after construction. Keys are hashed over
 * their whole text with a seed drawn per instance, so no traffic can be shaped to pile its keys into one probe chain.
 * The caller owns the slots: it puts a key it does not hold at a slot it does not use, and frees slots it used.
 */
export class StringSlots {
  private readonly table: Int32Array
  private readonly mask: number
  private readonly keys: Array<string | undefined>
  /** Each used slot's home position in the table, so freeing it needs no rehash of its key. */
  private readonly homes: Int32Array
  private readonly seed = (Math.random() * 0x1_0000_0000) | 0
  /** The last key hashed and its home: a judge often looks a key up just after another did. */
  private lastKey = ''
  private lastHome = -1

  constructor(readonly capacity: number) {
    let size = 8
    while (size < capacity * 2) size *= 2
    this.table = new Int32Array(size)
    this.mask = size - 1
    this.keys = new Array<string | undefined>(capacity).fill(undefined)
    this.homes = new Int32Array(capacity)
  }

  /** The slot holding `key`, or -1. */
  find(key: string): number {
    const mask = this.mask
    for (let i = this.home(key); ; i = (i + 1) & mask) {
      const entry = this.table[i]!
      if (entry === EMPTY) return -1
      if (this.keys[entry - 1] === key) return entry - 1
    }
  }

  /** Puts a key the index does not hold at a slot not in use. */
  put(key: string, slot: number): void {
    const mask = this.mask
    let i = this.home(key)
    this.homes[slot] = i
    this.keys[slot] = key
    while (this.table[i] !== EMPTY) i = (i + 1) & mask
    this.table[i] = slot + 1
  }

  /** Frees a slot in use (its key is forgotten). Later entries of the probe chain move back into the gap. */
  free(slot: number): void {
    const mask = this.mask
    const table = this.table
    let hole = this.homes[slot]!
    while (table[hole] !== slot + 1) hole = (hole + 1) & mask
    this.keys[slot] = undefined
    for (let j = (hole + 1) & mask; table[j] !== EMPTY; j = (j + 1) & mask) {
      const entry = table[j]!
      const home = this.homes[entry - 1]!
      // The entry stays when its home lies cyclically in (hole, j]: moving it before its home would lose it.
      const stays = hole <= j ? home > hole && home <= j : home > hole || home <= j
      if (stays) continue
      table[hole] = entry
      hole = j
    }
    table[hole] = EMPTY
  }

  private home(key: string): number {
    if (key === this.lastKey && this.lastHome >= 0) return this.lastHome
    let h = this.seed ^ key.length
    for (let i = 0; i < key.length; i++) h = Math.imul(h ^ key.charCodeAt(i), 0x01000193)
    h ^= h >>> 16
    h = Math.imul(h, 0x85ebca6b)
    h ^= h >>> 13
    this.lastKey = key
    this.lastHome = h & this.mask
    return this.lastHome
  }
}
