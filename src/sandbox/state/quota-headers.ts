import { sendJson } from '../server/http-io'
import type { RequestContext } from '../server/router'

/**
 * Counts the request against the client's quota and sets X-RateLimit-Limit / -Remaining. When the
 * client is not (yet) known the request is counted under `anonymous:<ip>` (switch:
 * limits.countUnidentified). Sends the 429 itself and returns false when the limit is exceeded.
 * `now` lets a caller that reads the sandbox clock anyway count at the same instant (one clock read per request).
 */
export function applyQuota(ctx: RequestContext, clientId: string | undefined, now = ctx.state.clock.now()): boolean {
  const { state, res } = ctx
  let key = clientId
  if (key === undefined) {
    if (!state.config.limits.countUnidentified) return true
    key = `anonymous:${ctx.req.socket.remoteAddress ?? 'unknown'}`
  }
  const decision = state.limiter.consume(key, ctx.method, ctx.path, now)
  // Text, not numbers: node:http turns a number into text twice (to check it, then to write it).
  res.staged.push('X-RateLimit-Limit', decision.limitText, 'X-RateLimit-Remaining', String(decision.remaining))
  if (decision.allowed) return true
  res.stage('Retry-After', decision.retryAfterSeconds ?? state.limits.windowSeconds)
  const windowSeconds = state.limits.windowSeconds
  sendJson(res, 429, {
    status: 429,
    timestamp: new Date(now).toISOString(),
    message: `Rate limit exceeded: ${decision.limit} requests per ${windowSeconds} seconds for ${ctx.method} ${ctx.path}`,
    details: [],
  })
  return false
}
