import { exchangeView, type HttpAuthMode, type HttpExchangeView, type RetryingEvent } from '../../../shared/contract'
import { ConsoleError } from '../core/console-error'
import type { EnvironmentProvider, ResolvedEnvironment, TokenProvider } from '../core/ports'
import type { SecretRegistry } from '../core/secret-registry'
import type { Redactor } from '../log/redaction'
import { signRequest } from '../signing/signer'
import type { AttemptResult, PreparedAttempt } from './attempt'
import { sleepUnlessCancelled, throwIfCancelled } from './cancellation'
import type { HttpClient } from './http-client'
import { checkProductionGuard, type GuardedRequest, productionTargets, unsafeMethod } from './production-guard'
import { nextRequestId } from './request-id'
import { MAX_AUTO_RETRIES, MAX_AUTO_RETRY_WAIT_MS, retryDelayMs } from './retry-policy'
import { resolveRequestUrl } from './target-url'
import { allClaims, msUntilNextSecond, type SignatureClaims, UsedSignatures } from './used-signatures'

interface ExecutorDeps {
  client: HttpClient
  redactor: Redactor
  secrets: SecretRegistry
  environments: EnvironmentProvider
  tokens: TokenProvider
  /** Unix seconds for x-timestamp, read at the moment of each attempt (the signing engine's clock choice). */
  signingTimestamp: () => number
  onRetrying?: (event: RetryingEvent) => void
  maxAutoRetryWaitMs?: number
  /** Signatures sent by other processes (the data folder's ledger, or "not before the next second"); see used-signatures.ts. */
  sentSignatures?: SignatureClaims
}

/** A request as the UI or a typed endpoint asks for it. */
export interface ExecuteInput {
  envId?: string
  /** Aborts the request (and any wait before a retry): the bridge call's signal, or a caller's own. */
  signal?: AbortSignal
  /** An environment already resolved by the caller (typed endpoints), instead of envId / the active one. */
  env?: ResolvedEnvironment
  method: string
  target: 'api' | 'auth'
  path: string
  headers?: Record<string, string>
  body?: string
  auth: HttpAuthMode
  timeoutMs?: number
  maxBodyBytes?: number
  force?: boolean
  autoRetry?: boolean
  /** Refuse (ConsoleError rate_limited, reason quota_spent) when the ledger says the quota is spent (default true). */
  warnSpent?: boolean
  /** The production guard's typed confirmation (see production-guard.ts). */
  confirmProduction?: string
}

/** The last attempt of a request, with its exchange view (derived from its log entry: see exchange-view.ts). */
export interface ExecutedRequest extends AttemptResult {
  view: HttpExchangeView
}

/**
 * The request executor. For each request it resolves the URL against the environment, checks the quota gate (a key
 * blocked by a 429 fails fast unless forced; a spent ledger warns), adds auth at the moment of sending (a bearer token
 * read then, or a fresh HMAC signature with a fresh timestamp, again on every retry), and handles the two automatic
 * retries: after a 401 on a bearer call it refreshes once and retries once (never loops), and after a 429 with
 * `autoRetry` it waits Retry-After with exponential backoff and jitter. Every attempt is its own log entry.
 */
export class RequestExecutor {
  private readonly usedSignatures: SignatureClaims
  constructor(private readonly deps: ExecutorDeps) {
    const own = new UsedSignatures()
    this.usedSignatures = deps.sentSignatures ? allClaims(own, deps.sentSignatures) : own
  }

  /**
   * Sends a request; resolves with the last attempt whatever its status (errors only when no response arrived). Not
   * async itself: `run`'s promise is handed back as it is (an async wrapper returning a promise costs extra ticks).
   */
  execute(input: ExecuteInput): Promise<ExecutedRequest> {
    return this.run(input, nextRequestId())
  }

  /** The environment a request uses: envId's, or the active one; its secret is registered for redaction. */
  async environment(envId: string | undefined): Promise<ResolvedEnvironment> {
    const provider = this.deps.environments
    const env = envId ? await provider.get(envId) : await provider.active()
    this.deps.secrets.add(env.clientSecret, 'client_secret')
    return env
  }

  /** The environment's names and URLs without its secrets (a snippet signs when it runs, so needs none here). */
  async environmentSettings(envId: string | undefined): Promise<ResolvedEnvironment> {
    const provider = this.deps.environments
    return envId ? provider.get(envId, { secrets: false }) : provider.active({ secrets: false })
  }

  private async run(input: ExecuteInput, requestId: string): Promise<ExecutedRequest> {
    // The caller's signal as it is: the client's shutdown stops an attempt itself; a wait combines both (signalFor).
    const signal = input.signal
    const absolute = /^[a-z][a-z0-9+.-]*:/i.test(input.path.trim())
    // An absolute URL without auth needs nothing from an environment (its quota key is the anonymous client).
    const env = input.env ?? (absolute && input.auth === 'none' && !input.envId ? null : await this.environment(input.envId))
    const url = resolveRequestUrl(env, input.target, input.path)
    const client = this.deps.client
    const base = client.prepare({
      source: 'console',
      purpose: 'api',
      auth: input.auth,
      env,
      url,
      method: input.method,
      headers: input.headers ?? {},
      body: input.body,
      timeoutMs: input.timeoutMs,
      maxBodyBytes: input.maxBodyBytes,
      requestId,
    })
    const method = base.method
    const guarded = { url, method, headers: base.headers }
    // A safe method (the most common request) needs no list of environments: no await, no tick.
    if (unsafeMethod(guarded)) await this.guardProduction(guarded, env, input)
    const blocked = client.blockedMs(base)
    if (blocked > 0 && input.autoRetry && !input.force && blocked <= (this.deps.maxAutoRetryWaitMs ?? MAX_AUTO_RETRY_WAIT_MS)) {
      // A short block with automatic retry on: wait it out instead of failing fast.
      const delay = retryDelayMs(0, blocked)
      this.announceRetry(requestId, method, url, 1, delay, 'the key is blocked after a 429')
      await sleepUnlessCancelled(delay, client.signalFor(signal))
    }
    client.admit(base, { force: input.force, warnSpent: input.warnSpent ?? true })

    let attempt = 1
    let token: string | undefined
    let refreshed = false
    let retries = 0
    const retriedAfter: Array<'401' | '429'> = []
    for (;;) {
      if (signal) throwIfCancelled(signal)
      // Auth headers are added per attempt to a copy. Without auth the attempt is the prepared one itself, numbered
      // (an attempt is done with before the next begins, and what it leaves behind reads only its URL and method).
      let prepared: PreparedAttempt
      if (input.auth === 'none') {
        prepared = base
        prepared.attempt = attempt
      } else prepared = { ...base, headers: { ...base.headers }, attempt }
      if (input.auth === 'bearer') {
        token ??= await this.deps.tokens.accessToken(requireEnv(env).id)
        this.deps.secrets.add(token, 'access_token')
        prepared.headers.authorization = `Bearer ${token}`
      } else if (input.auth === 'hmac') {
        const e = requireEnv(env)
        const sign = () =>
          signRequest({
            clientId: e.clientId,
            clientSecret: e.clientSecret,
            method,
            path: `${url.pathname}${url.search}`,
            body: input.body ?? '',
            timestamp: this.deps.signingTimestamp(),
          })
        let signed = sign()
        // Sent before (by this process or, through the ledger, another one) in this same second: wait for the next
        // second and sign again, so every request carries a signature never sent before. Bounded: a clock that does
        // not move sends the last one and lets the server decide.
        for (let waited = 0; !this.usedSignatures.claim(signed.signature, url.origin) && waited < 3; waited++) {
          await sleepUnlessCancelled(msUntilNextSecond(), client.signalFor(signal))
          signed = sign()
        }
        Object.assign(prepared.headers, signed.headers)
        prepared.signing = { canonical: signed.canonical, timestamp: Number(signed.headers['x-timestamp']) }
      }
      const result = await client.attempt(prepared, signal)
      const status = result.outcome.status
      if (status === 401 && input.auth === 'bearer' && !refreshed && token) {
        refreshed = true
        try {
          token = await this.deps.tokens.refreshAfter401(requireEnv(env).id, token)
          attempt += 1
          retriedAfter.push('401')
          continue
        } catch (error) {
          return this.done(
            result,
            retriedAfter,
            `The server refused the token (401) and refreshing it failed: ${this.deps.redactor.text((error as Error).message)}`,
          )
        }
      }
      if (status === 429 && input.autoRetry && retries < MAX_AUTO_RETRIES) {
        const delay = retryDelayMs(retries, client.blockedMs(base))
        if (delay > (this.deps.maxAutoRetryWaitMs ?? MAX_AUTO_RETRY_WAIT_MS)) {
          return this.done(
            result,
            retriedAfter,
            `Not retried automatically: the server asks to wait ${Math.ceil(delay / 1000)} s, longer than the automatic-retry limit.`,
          )
        }
        retries += 1
        attempt += 1
        retriedAfter.push('429')
        this.announceRetry(requestId, method, url, attempt, delay, `429 Too Many Requests (retry ${retries} of ${MAX_AUTO_RETRIES})`)
        await sleepUnlessCancelled(delay, client.signalFor(signal))
        continue
      }
      return this.done(result, retriedAfter)
    }
  }

  /**
   * The production guard on what goes on the wire: the destination and the effective method, checked against every
   * production environment (not only the one passed), so an absolute URL, auth "none" or a method override cannot skip it.
   */
  private async guardProduction(request: GuardedRequest, env: ResolvedEnvironment | null, input: ExecuteInput): Promise<void> {
    const { environments } = await this.deps.environments.list()
    checkProductionGuard(request, productionTargets(request, env, environments), input)
  }

  /** The last attempt as the caller gets it: with why earlier ones were retried, a note if any, and its view. */
  private done(result: AttemptResult, retriedAfter: Array<'401' | '429'>, note?: string): ExecutedRequest {
    const entry = note === undefined ? result.entry : this.deps.client.addNote(result.entry, note)
    // The attempt's facts are its own (runAttempt makes them fresh for each attempt): completed, not copied. The run's
    // list of retries is not written after this; the view copies it.
    const facts = result.facts
    facts.retriedAfter = retriedAfter
    // Written out, not spread: the result's fields are known.
    return {
      outcome: result.outcome,
      decoded: result.decoded,
      headerMap: result.headerMap,
      entry,
      facts,
      view: exchangeView(entry, facts),
    }
  }

  private announceRetry(requestId: string, method: string, url: URL, attempt: number, delayMs: number, reason: string): void {
    const redacted = new URL(this.deps.redactor.url(url.href))
    this.deps.onRetrying?.({
      requestId,
      method,
      path: `${redacted.pathname}${redacted.search}`,
      attempt,
      delayMs,
      until: new Date(Date.now() + delayMs).toISOString(),
      reason,
    })
  }
}

function requireEnv(env: ResolvedEnvironment | null): ResolvedEnvironment {
  if (!env) {
    throw new ConsoleError('not_found', 'Bearer and HMAC requests need an environment (its client and tokens).', {
      hint: 'Choose an environment, or send with auth "none".',
    })
  }
  return env
}
