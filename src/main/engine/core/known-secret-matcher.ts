/** Pattern code units up to which a matcher is small (its root table covers ASCII below 128 only). */
const SMALL_MATCHER = 4096
const ROOT_TABLE_SMALL = 128

/** What replaceLongest needs of a matcher: every occurrence of its patterns, and whether there is any. */
export interface FixedStringMatcher {
  forEachMatch(text: string, found: (start: number, end: number, index: number) => void): void
  test(text: string): boolean
}

/**
 * Finds many fixed strings at once in time linear in the text (Aho-Corasick over UTF-16 code units), and replaces the
 * leftmost-longest occurrences. Used for the known secrets in every encoded form: a regex alternation of thousands of
 * values is rebuilt on every new value and backtracks, which made a large import take minutes.
 * Nodes live in typed arrays and the edges in one Map keyed by `node * 65536 + code unit`, so a few hundred thousand
 * pattern characters cost a few megabytes.
 */
export class KnownSecretMatcher implements FixedStringMatcher {
  private readonly edges = new Map<number, number>()
  private readonly fail: Int32Array
  /** Length of the pattern ending exactly at a node (0: none). */
  private readonly ends: Int32Array
  /** The nearest node on the fail chain where a pattern ends (-1: none). */
  private readonly dict: Int32Array
  /** Index of the pattern ending at a node (to find its replacement). */
  private readonly patternAt: Int32Array
  /**
   * The root's transitions by code unit (0: stay at the root), so text that starts no secret costs one array read; a
   * small matcher (one exchange's signature, the registry's newest values) keeps the first 128 code units and looks further ones
   * up in `edges`, rather than allocating and clearing 256 KB per build.
   */
  private readonly rootNext: Int32Array

  constructor(private readonly patterns: readonly string[]) {
    let total = 1
    for (const p of patterns) total += p.length
    this.rootNext = new Int32Array(total > SMALL_MATCHER ? 65536 : ROOT_TABLE_SMALL)
    const parent = new Int32Array(total)
    const code = new Int32Array(total)
    const depth = new Int32Array(total)
    this.fail = new Int32Array(total)
    this.ends = new Int32Array(total)
    this.dict = new Int32Array(total).fill(-1)
    this.patternAt = new Int32Array(total).fill(-1)
    let nodes = 1
    patterns.forEach((pattern, index) => {
      let node = 0
      for (let i = 0; i < pattern.length; i++) {
        const c = pattern.charCodeAt(i)
        const key = node * 65536 + c
        let next = this.edges.get(key)
        if (next === undefined) {
          next = nodes++
          this.edges.set(key, next)
          parent[next] = node
          code[next] = c
          depth[next] = (depth[node] as number) + 1
        }
        node = next
      }
      if (pattern.length > 0 && (this.ends[node] as number) === 0) {
        this.ends[node] = pattern.length
        this.patternAt[node] = index
      }
    })
    // Only the root's own edges: a small matcher (the registry's recent values) is built without touching 65,536 slots.
    for (const p of patterns) {
      const c = p.charCodeAt(0)
      if (p.length > 0 && c < this.rootNext.length) this.rootNext[c] = this.edges.get(c) as number
    }
    // Breadth-first: nodes sorted by depth, so a parent's fail link is known before its children's.
    const order = Array.from({ length: nodes - 1 }, (_, i) => i + 1).sort((a, b) => (depth[a] as number) - (depth[b] as number))
    for (const node of order) {
      const up = parent[node] as number
      if (up === 0) this.fail[node] = 0
      else this.fail[node] = this.step(this.fail[up] as number, code[node] as number)
      const f = this.fail[node] as number
      this.dict[node] = (this.ends[f] as number) > 0 ? f : (this.dict[f] as number)
    }
  }

  get size(): number {
    return this.patterns.length
  }

  /** The state after reading one code unit from `node`. */
  private step(node: number, c: number): number {
    // Down the fail chain until an edge takes `c`; the root's own edges are read from its table, not the map.
    for (let s = node; s !== 0; s = this.fail[s] as number) {
      const next = this.edges.get(s * 65536 + c)
      if (next !== undefined) return next
    }
    return this.fromRoot(c)
  }

  private fromRoot(c: number): number {
    return c < this.rootNext.length ? (this.rootNext[c] as number) : (this.edges.get(c) ?? 0)
  }

  /**
   * Replaces the leftmost-longest occurrences of the patterns: `replacement(index)` gives the text for pattern `index`.
   * Returns the same string when nothing matched.
   */
  replace(text: string, replacement: (index: number) => string): string {
    return replaceLongest(text, [this], (_, index) => replacement(index))
  }

  /** Calls `found(start, end, index)` for every occurrence of every pattern, overlapping ones included, left to right. */
  forEachMatch(text: string, found: (start: number, end: number, index: number) => void): void {
    if (this.patterns.length === 0) return
    let s = 0
    const root = this.rootNext
    const width = root.length
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i)
      s = s === 0 ? (c < width ? (root[c] as number) : this.fromRoot(c)) : this.step(s, c)
      if (s === 0) continue
      let t = (this.ends[s] as number) > 0 ? s : (this.dict[s] as number)
      while (t > 0) {
        found(i + 1 - (this.ends[t] as number), i + 1, this.patternAt[t] as number)
        t = this.dict[t] as number
      }
    }
  }

  /** True when any pattern occurs in the text. */
  test(text: string): boolean {
    let s = 0
    // At the root (most of any text) a code unit costs one array read, as in forEachMatch: no call per character.
    const root = this.rootNext
    const width = root.length
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i)
      s = s === 0 ? (c < width ? (root[c] as number) : this.fromRoot(c)) : this.step(s, c)
      if (s !== 0 && ((this.ends[s] as number) > 0 || (this.dict[s] as number) > 0)) return true
    }
    return false
  }
}

/**
 * Replaces the leftmost-longest occurrences of the patterns of several matchers at once, exactly as one matcher over
 * all their patterns would: every occurrence is found, the longest per start position wins, and the text is cut left
 * to right. `replacement(m, index)` gives the text for pattern `index` of matcher `m`.
 */
export function replaceLongest(
  text: string,
  matchers: readonly FixedStringMatcher[],
  replacement: (matcher: number, index: number) => string,
): string {
  if (text.length === 0) return text
  let best: Map<number, { end: number; matcher: number; index: number }> | null = null
  matchers.forEach((matcher, m) => {
    matcher.forEachMatch(text, (start, end, index) => {
      best ??= new Map()
      const seen = best.get(start)
      if (!seen || seen.end < end) best.set(start, { end, matcher: m, index })
    })
  })
  const found = best as Map<number, { end: number; matcher: number; index: number }> | null
  if (!found) return text
  const starts = [...found.keys()].sort((a, b) => a - b)
  let out = ''
  let at = 0
  for (const start of starts) {
    if (start < at) continue
    const hit = found.get(start) as { end: number; matcher: number; index: number }
    out += text.slice(at, start) + replacement(hit.matcher, hit.index)
    at = hit.end
  }
  return out + text.slice(at)
}

/**
 * A few fixed strings (one value's encoded forms: a captured signature, the registry's newest value) found with the
 * engine's native indexOf, each occurrence reported as KnownSecretMatcher would: for a handful of patterns, building
 * an automaton per exchange costs more than the scans it saves.
 */
export class FewStringsMatcher implements FixedStringMatcher {
  constructor(private readonly patterns: readonly string[]) {}

  forEachMatch(text: string, found: (start: number, end: number, index: number) => void): void {
    this.patterns.forEach((pattern, index) => {
      // A pattern equal to an earlier one is reported once, under the earlier index (as the automaton does).
      if (pattern.length === 0 || this.patterns.indexOf(pattern) !== index) return
      for (let at = text.indexOf(pattern); at >= 0; at = text.indexOf(pattern, at + 1)) found(at, at + pattern.length, index)
    })
  }

  test(text: string): boolean {
    return this.patterns.some(p => p.length > 0 && text.includes(p))
  }
}
