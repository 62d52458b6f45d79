import type { CapturedExchange, CaptureObserver } from '../capture/captured-exchange'
import { QuotaLimits } from '../quota/quota-limits'
import { ExchangeFacts } from './exchange-facts'
import type { DoctorSettings, Judge, ServerClockShift, Tallies } from './judge'
import { JudgeRoutes } from './judge-routes'
import { AuthSchemeJudge } from './judges/auth-scheme-judge'
import { AuthorizationJudge } from './judges/authorization-judge'
import { BackoffJudge } from './judges/backoff-judge'
import { ContentTypeJudge } from './judges/content-type-judge'
import { ExportDatesJudge } from './judges/export-dates-judge'
import { HttpsJudge } from './judges/https-judge'
import { LocationIdJudge } from './judges/location-id-judge'
import { PaceJudge } from './judges/pace-judge'
import { RecentRateKeys } from './judges/rate-key'
import { RetryAfterJudge } from './judges/retry-after-judge'
import { ReuseJudge } from './judges/reuse-judge'
import { SignatureJudge } from './judges/signature-judge'
import { SkewJudge } from './judges/skew-judge'
import { TokenLifecycleJudge } from './judges/token-lifecycle-judge'
import { UrlSecretJudge } from './judges/url-secret-judge'
import { JudgingQueue } from './judging-queue'
import { RULE_IDS } from './rule-catalogue'
import { type RuleResult, RuleTally, type Verdict } from './rule-tally'

interface DoctorOptions {
  clientId: string
  /** The environment's client secret (the HMAC key). Used to recompute signatures; never in a verdict or report. */
  clientSecret: string
  registeredRedirectUris?: readonly string[]
  /** Section 8's limits (the engine's QuotaLimits, with the user's overrides); the spec's table by default. */
  limits?: QuotaLimits
  /** The sandbox clock's offset as the drills moved it; none by default. */
  clock?: ServerClockShift
}

/** The doctor's verdicts at one moment. */
export interface Scorecard {
  rules: RuleResult[]
  counts: Record<Verdict, number>
  exchanges: number
  /** Judges that threw on an exchange (a doctor bug, never the partner's): how many times, and the first message. */
  internalErrors: { count: number; first: string | null }
}

const NO_JUDGES: readonly Judge[] = []

const RANK: Record<Verdict, number> = { not_exercised: 0, pass: 1, warning: 2, fail: 3 }

/**
 * The integration doctor: a capture observer that judges every exchange of the partner's integration against the
 * rules of the spec as it is recorded. Each judge keeps bounded state, so the cost per exchange does not grow with
 * the capture and the scorecard can be read live at any moment: exchanges are judged in short runs (judging-queue.ts),
 * and every read judges the ones waiting first. It holds an unredacted exchange only while it waits in that queue
 * (small ones, milliseconds) and keeps only verdicts, fingerprints and log ids: nothing it holds can leak a token or
 * the secret.
 */
export class Doctor {
  private readonly tallies: Tallies
  private readonly judges: Judge[]
  private readonly routes: JudgeRoutes
  /** Re-pointed at each exchange: judges read it only while observing it. */
  private facts: ExchangeFacts | null = null
  private exchanges = 0
  private errors = 0
  private firstError: string | null = null
  /** Exchanges handed over and not judged yet (judged in runs; every read of the verdicts flushes it first). */
  private readonly queue = new JudgingQueue(exchange => this.judgeOne(exchange))

  constructor(options: DoctorOptions) {
    const settings: DoctorSettings = {
      clientId: options.clientId,
      clientSecret: options.clientSecret,
      registeredRedirectUris: options.registeredRedirectUris ?? [],
      limits: options.limits ?? new QuotaLimits(),
      clock: options.clock ?? { offsetDuring: () => 0 },
      rateKeys: new RecentRateKeys(),
    }
    this.tallies = Object.fromEntries(RULE_IDS.map(id => [id, new RuleTally(id)])) as Tallies
    const reuse = new ReuseJudge()
    this.judges = [
      new SignatureJudge(settings),
      new SkewJudge(settings, reuse),
      reuse,
      new AuthSchemeJudge(),
      new TokenLifecycleJudge(),
      new UrlSecretJudge(settings),
      new AuthorizationJudge(settings),
      new RetryAfterJudge(settings),
      new BackoffJudge(settings),
      new PaceJudge(settings),
      new ContentTypeJudge(),
      new LocationIdJudge(),
      new ExportDatesJudge(),
      new HttpsJudge(),
    ]
    this.routes = new JudgeRoutes(this.judges)
  }

  /**
   * The CaptureObserver to register with the capture: queues the exchange to be judged with the next few (at most
   * `BATCH_WAIT_MS` later, or as soon as anyone reads the verdicts), never throws into the capture.
   */
  readonly observe: CaptureObserver = this.queue.add

  /** Judges one exchange; a judge (or anything else) that throws is counted and never escapes. */
  private judgeOne(exchange: CapturedExchange): void {
    this.exchanges++
    let facts = this.facts
    let judges: readonly Judge[]
    try {
      if (facts === null) {
        facts = new ExchangeFacts(exchange)
        this.facts = facts
      } else facts.load(exchange)
      judges = facts.endpoint === 'operator' ? NO_JUDGES : this.routes.of(facts)
    } catch (error) {
      // An exchange the facts cannot be read from: judged later than the capture handed it over, so counted here
      // (the capture noted it on the log entry when judging ran inside its hand-off).
      this.failed(`Doctor on ${exchange.logId}: ${(error as Error).message}`)
      facts?.release()
      return
    }
    const tallies = this.tallies
    // One try around the whole round rather than one per judge: a judge that throws is counted and the round goes on
    // with the next one, as before.
    let i = 0
    while (i < judges.length) {
      try {
        for (; i < judges.length; i++) judges[i]!.observe(facts, tallies)
      } catch (error) {
        this.judgeFailed(judges[i]!, exchange, error)
        i++
      }
    }
    facts.release()
  }

  private judgeFailed(judge: Judge, exchange: CapturedExchange, error: unknown): void {
    this.failed(`${judge.constructor.name} on ${exchange.logId}: ${(error as Error).message}`)
  }

  private failed(message: string): void {
    this.errors++
    this.firstError ??= message
  }

  /**
   * The verdict of every rule now. `nowMs` decides findings that wait on the future (a 401 not yet refreshed):
   * pass Infinity once the partner's command has finished.
   */
  scorecard(nowMs: number = Date.now()): Scorecard {
    this.queue.flush()
    const results = new Map(RULE_IDS.map(id => [id, this.tallies[id].result()]))
    for (const judge of this.judges) {
      for (const finding of judge.open?.(nowMs) ?? []) {
        const current = results.get(finding.rule)!
        if (RANK[finding.verdict] <= RANK[current.verdict]) continue
        results.set(finding.rule, {
          ...current,
          verdict: finding.verdict,
          message: finding.message,
          evidence: finding.logIds.slice(0, 5),
          evidenceCount: finding.logIds.length,
        })
      }
    }
    const rules = [...results.values()]
    const counts: Record<Verdict, number> = { pass: 0, fail: 0, warning: 0, not_exercised: 0 }
    for (const r of rules) counts[r.verdict]++
    return { rules, counts, exchanges: this.exchanges, internalErrors: { count: this.errors, first: this.firstError } }
  }
}
