import { BEARER_ENDPOINTS, type ExchangeFacts } from '../exchange-facts'
import { BoundedMap, type Judge, type JudgeScope, type OpenFinding, type Tallies } from '../judge'

/** Refreshes closer together than this, with no new 401 between them, are a storm. */
const STORM_WINDOW_MS = 30_000
/** A 401 left without refresh this long (or at the end of the capture) is a failure to refresh. */
const REFRESH_GRACE_MS = 10_000
/** 401s in a row on one call, each sent after the previous answer, that make a loop. */
const LOOP_401S = 3

interface Episode {
  key: string
  logIds: string[]
  respondedAt: number
  refreshedAt: number | null
  reauthorized: boolean
}

/**
 * The token lifecycle of 3 and 5.1: after a 401 on a bearer call, the client uses the refresh grant (never a new
 * authorization), retries the call once with the new token and stops if that fails too (tokens.refresh-on-expiry);
 * parallel 401s lead to one refresh (tokens.single-refresh); and the refresh response, which has no `expiration`
 * (2.4), is understood: the calls after it use its token (tokens.refresh-response). Episodes are keyed by call and
 * token fingerprint, so parallel 401s of one expired token are one episode; every map is bounded.
 */
export class TokenLifecycleJudge implements Judge {
  readonly scope: JudgeScope = { endpoints: [...BEARER_ENDPOINTS, 'token', 'authorize'] }
  private readonly episodes = new BoundedMap<string, Episode>(64)
  private readonly consecutive = new BoundedMap<string, { count: number; lastRespondedAt: number; logIds: string[] }>(256)
  /** Access tokens answered 401, by fingerprint: when, and whether a refresh has replaced them since. */
  private readonly expired = new BoundedMap<string, { at: number; refreshed: boolean }>(256)
  private readonly usedRefreshTokens = new BoundedMap<string, string>(256)
  private readonly issuedByRefresh = new BoundedMap<string, number>(256)
  private lastRefresh: { startedAt: number; logId: string } | null = null
  private lastRefreshAnswer: { respondedAt: number; ok: boolean } | null = null

  observe(f: ExchangeFacts, t: Tallies): void {
    if (BEARER_ENDPOINTS.has(f.endpoint)) this.bearerCall(f, t)
    else if (f.endpoint === 'token') this.tokenCall(f, t)
    else if (f.endpoint === 'authorize' && f.method === 'GET') this.reauthorization(f, t)
  }

  open(nowMs: number): OpenFinding[] {
    const out: OpenFinding[] = []
    for (const ep of this.episodes.values()) {
      if (ep.reauthorized) continue
      if (ep.refreshedAt === null && nowMs - ep.respondedAt > REFRESH_GRACE_MS) {
        out.push({
          rule: 'tokens.refresh-on-expiry',
          verdict: 'fail',
          logIds: ep.logIds,
          message: `${ep.key} answered 401 and no refresh grant followed. On a 401, POST the refresh_token grant (4.3) once, then retry the call once with the new token.`,
        })
      } else if (ep.refreshedAt !== null && nowMs - ep.refreshedAt > REFRESH_GRACE_MS) {
        out.push({
          rule: 'tokens.refresh-on-expiry',
          verdict: 'warning',
          logIds: ep.logIds,
          message: `${ep.key} answered 401; the token was refreshed but the call was not retried. Retry the failed call once with the new token.`,
        })
      }
    }
    return out
  }

  /**
   * A bearer call. Most are answered 200 with no 401 pending and no refresh seen: then nothing here needs the call's
   * key or the token's fingerprint, and neither is built (hashing the token on every call was most of this judge).
   */
  private bearerCall(f: ExchangeFacts, t: Tallies): void {
    if (f.status === null) return
    if (f.status !== 401 && this.consecutive.size === 0 && this.episodes.size === 0 && this.issuedByRefresh.size === 0) return
    if (!f.hasBearerToken) return
    const fp = f.bearerFp!
    const key = `${f.method} ${f.x.request.path.toLowerCase()}`
    const respondedAt = f.x.respondedAt ?? f.x.startedAt
    if (f.status === 401) {
      this.keptExpiredToken(f, fp, t)
      const run = this.consecutive.get(key)
      if (run && f.x.startedAt >= run.lastRespondedAt) {
        run.count++
        run.lastRespondedAt = respondedAt
        if (run.logIds.length < 5) run.logIds.push(f.logId)
        if (run.count >= LOOP_401S) {
          t['tokens.refresh-on-expiry'].fail(
            run.logIds,
            `${key} answered 401 ${run.count} times in a row, each call sent after the previous 401: the client loops. Refresh once and retry once; if the retry fails too, stop and ask the merchant to authorize again.`,
          )
        }
      } else if (!run) this.consecutive.set(key, { count: 1, lastRespondedAt: respondedAt, logIds: [f.logId] })
      const epKey = `${key} ${fp}`
      const ep = this.episodes.get(epKey)
      if (ep) {
        if (ep.logIds.length < 5) ep.logIds.push(f.logId)
      } else this.episodes.set(epKey, { key, logIds: [f.logId], respondedAt, refreshedAt: null, reauthorized: false })
      if (!this.expired.has(fp)) this.expired.set(fp, { at: respondedAt, refreshed: false })
      return
    }
    this.consecutive.delete(key)
    for (const [epKey, ep] of this.episodes) {
      if (ep.key !== key || epKey.endsWith(` ${fp}`) || f.x.startedAt < ep.respondedAt) continue
      if (ep.refreshedAt !== null) t['tokens.refresh-on-expiry'].pass(f.logId)
      this.episodes.delete(epKey)
    }
    const issuedAt = this.issuedByRefresh.get(fp)
    if (issuedAt !== undefined && f.x.startedAt >= issuedAt) t['tokens.refresh-response'].pass(f.logId)
  }

  /** A 401 for a token that had already been answered 401 and replaced by a successful refresh since. */
  private keptExpiredToken(f: ExchangeFacts, fp: string, t: Tallies): void {
    const before = this.expired.get(fp)
    const refresh = this.lastRefreshAnswer
    if (!before || !refresh?.ok || refresh.respondedAt <= before.at || f.x.startedAt < refresh.respondedAt) return
    t['tokens.refresh-response'].fail(
      f.logId,
      'After a successful refresh, a call still used the expired access token. Store the new access_token from the refresh response (it has no `expiration`: keep the lifetime from before, or treat it as 24 h) and use it for every later call.',
    )
  }

  private tokenCall(f: ExchangeFacts, t: Tallies): void {
    const req = f.tokenRequest
    if (!req) return
    if (req.grantType === 'authorization_code') {
      this.reauthorization(f, t)
      return
    }
    if (req.grantType !== 'refresh_token') return
    for (const ep of this.episodes.values()) {
      if (ep.refreshedAt === null && ep.respondedAt <= f.x.startedAt) ep.refreshedAt = f.x.startedAt
    }
    const status = f.status ?? 0
    const ok = status >= 200 && status < 300
    this.lastRefreshAnswer = { respondedAt: f.x.respondedAt ?? f.x.startedAt, ok }
    const issued = f.tokenResponse
    if (ok && issued?.accessFp) this.issuedByRefresh.set(issued.accessFp, f.x.respondedAt ?? f.x.startedAt)
    this.judgeStorm(f, req.refreshFp, t)
  }

  private judgeStorm(f: ExchangeFacts, refreshFp: string | null, t: Tallies): void {
    const tally = t['tokens.single-refresh']
    const previousUse = refreshFp === null ? undefined : this.usedRefreshTokens.get(refreshFp)
    const unrefreshed = [...this.expired.values()].filter(e => !e.refreshed && e.at <= f.x.startedAt)
    if (previousUse !== undefined) {
      tally.fail(
        [previousUse, f.logId],
        'The same refresh token was sent in two refresh grants: concurrent 401s each started their own refresh (a refresh storm). Share one in-flight refresh between all callers and retry each with its result.',
      )
    } else if (unrefreshed.length === 0 && this.lastRefresh && f.x.startedAt - this.lastRefresh.startedAt < STORM_WINDOW_MS) {
      tally.fail(
        [this.lastRefresh.logId, f.logId],
        'Two refresh grants were sent within seconds with no new 401 between them: one 401 is enough to refresh once. Share one in-flight refresh between all callers.',
      )
    } else tally.pass(f.logId)
    for (const e of unrefreshed) e.refreshed = true
    if (refreshFp !== null) this.usedRefreshTokens.set(refreshFp, f.logId)
    this.lastRefresh = { startedAt: f.x.startedAt, logId: f.logId }
  }

  /** An authorize request or a code exchange while a 401 awaits its refresh: re-authorizing instead of refreshing. */
  private reauthorization(f: ExchangeFacts, t: Tallies): void {
    const refreshFailedAt = this.lastRefreshAnswer && !this.lastRefreshAnswer.ok ? this.lastRefreshAnswer.respondedAt : null
    for (const ep of this.episodes.values()) {
      if (ep.reauthorized || ep.refreshedAt !== null || ep.respondedAt > f.x.startedAt) continue
      if (refreshFailedAt !== null && refreshFailedAt >= ep.respondedAt) continue
      ep.reauthorized = true
      t['tokens.refresh-on-expiry'].fail(
        [...ep.logIds, f.logId],
        `${ep.key} answered 401 and the client started a new authorization instead of refreshing. Use the refresh_token grant (4.3): the merchant need not authorize again; re-authorize only when the refresh itself is refused.`,
      )
    }
  }
}
