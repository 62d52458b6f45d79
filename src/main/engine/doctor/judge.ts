import type { QuotaLimits } from '../quota/quota-limits'
import type { EndpointKind, ExchangeFacts } from './exchange-facts'
import type { RecentRateKeys } from './judges/rate-key'
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
  /** The rate keys this doctor built for its last few raw request paths (rate-key.ts): dies with the doctor. */
  rateKeys: RecentRateKeys
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
