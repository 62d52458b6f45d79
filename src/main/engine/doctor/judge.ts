import type { QuotaKey } from '../quota/quota-key'
import type { QuotaLimits } from '../quota/quota-limits'
import type { EndpointKind, ExchangeFacts } from './exchange-facts'
import type { RuleId } from './rule-catalogue'
import type { RuleTally, Verdict } from './rule-tally'

/** The server's clock offset during an exchange, as the drills moved it (null when it changed meanwhile: judge nothing). */
export interface ServerClockShift {
  offsetDuring(startedAt: number, respondedAt: number): number | null
}

/** What the judges know of the environment the partner's integration talks to. */
export interface DoctorSettings {
  clientId: string
  /** The environment's client secret: the HMAC key signatures are recomputed with. Never stored in a verdict. */
  clientSecret: string
  /** The registered redirect URIs, when known (the sandbox's client, an environment's setting). */
  registeredRedirectUris: readonly string[]
  limits: QuotaLimits
  clock: ServerClockShift
  /** The rate keys this doctor built, by raw request path (rate-key.ts): dies with the doctor. */
  rateKeys: Map<string, QuotaKey>
}

/** A finding that holds only until more traffic arrives (a 401 not yet followed by a refresh), shown live. */
export interface OpenFinding {
  rule: RuleId
  verdict: Exclude<Verdict, 'not_exercised'>
  logIds: string[]
  message: string
}

/**
 * One incremental judge: fed each exchange once, in the order the capture records them, it updates the tallies of
 * the rules it owns. Its state is bounded (windows, rings, evicted maps), never the capture itself.
 */
export interface Judge {
  /** Where the judge can find anything (judge-routes.ts): it is not handed other exchanges. Absent: every one. */
  readonly scope?: JudgeScope
  observe(facts: ExchangeFacts, tallies: Tallies): void
  /** Findings that depend on what has not happened yet, evaluated whenever the scorecard is read. */
  open?(nowMs: number): OpenFinding[]
}

/** The endpoints a judge acts on (absent: all), and whether only on requests that carry x-signature. */
export interface JudgeScope {
  endpoints?: readonly EndpointKind[]
  signedOnly?: boolean
}

export type Tallies = Record<RuleId, RuleTally>

/** A Map that forgets its oldest entry past `max`: the bound every per-key state of the doctor uses. */
export class BoundedMap<K, V> extends Map<K, V> {
  constructor(private readonly max: number) {
    super()
  }

  override set(key: K, value: V): this {
    super.delete(key)
    super.set(key, value)
    while (this.size > this.max) super.delete(this.keys().next().value as K)
    return this
  }
}

interface RecentNode<K, V> {
  key: K
  value: V
  older: RecentNode<K, V> | null
  newer: RecentNode<K, V> | null
}

/**
 * The same bound and the same eviction as BoundedMap (the least recently set key goes first), for state written on
 * every exchange: setting a key it holds moves a list node instead of deleting and re-adding a Map entry, and
 * eviction takes the list's oldest node instead of walking a Map's deleted slots from its start. O(1) per call.
 */
export class RecentMap<K, V> {
  private readonly nodes = new Map<K, RecentNode<K, V>>()
  private oldest: RecentNode<K, V> | null = null
  private newest: RecentNode<K, V> | null = null

  constructor(private readonly max: number) {}

  get size(): number {
    return this.nodes.size
  }

  get(key: K): V | undefined {
    return this.nodes.get(key)?.value
  }

  /**
   * Sets the key as the most recent, and returns the value it evicted to stay within its bound (for the caller to
   * reuse). A new key past the bound takes over the evicted key's list node instead of allocating one.
   */
  set(key: K, value: V): V | undefined {
    let node = this.nodes.get(key)
    let evicted: V | undefined
    if (node !== undefined) {
      node.value = value
      if (node === this.newest) return undefined
      this.unlink(node)
    } else if (this.nodes.size >= this.max && this.oldest !== null) {
      node = this.oldest
      this.unlink(node)
      this.nodes.delete(node.key)
      evicted = node.value
      node.key = key
      node.value = value
      this.nodes.set(key, node)
    } else {
      node = { key, value, older: null, newer: null }
      this.nodes.set(key, node)
    }
    node.older = this.newest
    if (this.newest) this.newest.newer = node
    this.newest = node
    this.oldest ??= node
    while (this.nodes.size > this.max && this.oldest) {
      const gone: RecentNode<K, V> = this.oldest
      this.unlink(gone)
      this.nodes.delete(gone.key)
      evicted = gone.value
    }
    return evicted
  }

  private unlink(node: RecentNode<K, V>): void {
    if (node.older) node.older.newer = node.newer
    else this.oldest = node.newer
    if (node.newer) node.newer.older = node.older
    else this.newest = node.older
    node.older = null
    node.newer = null
  }
}
