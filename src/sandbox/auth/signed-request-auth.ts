import { sendApiError } from '../server/http-io'
import type { RequestContext } from '../server/router'
import { applyQuota } from '../state/quota-headers'
import { verifySignedRequest } from './hmac-verifier'

/** The first value of a request header. */
export function header(ctx: RequestContext, name: string): string | undefined {
  const v = ctx.req.headers[name]
  return Array.isArray(v) ? v[0] : v
}

/**
 * Authenticates an HMAC-signed request (docs/api.md#hmac-signature) for any signed route: counts quota for the client named by
 * x-access-key (anonymous when unknown), then checks the signature. On failure it has already answered (429, or 401
 * naming the check that failed, with the canonical string when the sandbox is set to reveal it) and returns null.
 */
export function authenticateSignedRequest(ctx: RequestContext, body: string): { clientId: string } | null {
  const { state, res } = ctx
  const accessKey = header(ctx, 'x-access-key')
  const knownClient = accessKey !== undefined && state.clients.get(accessKey) !== undefined
  if (!applyQuota(ctx, knownClient ? accessKey : undefined)) return null

  const now = state.clock.now()
  const result = verifySignedRequest(
    {
      accessKey,
      timestamp: header(ctx, 'x-timestamp'),
      signature: header(ctx, 'x-signature'),
      method: ctx.method,
      rawPath: ctx.rawPath,
      body,
    },
    {
      nowMs: now,
      maxAgeSeconds: state.config.signatureMaxAgeSeconds,
      futureToleranceSeconds: state.config.signatureFutureToleranceSeconds,
      secretFor: id => state.clients.get(id)?.clientSecret,
      replay: state.replay,
    },
  )
  if (!result.ok) {
    const detail: Record<string, unknown> = { check: result.check, serverTime: result.serverTime }
    if (result.canonical !== undefined && state.config.revealCanonicalOnMismatch) detail.canonical = result.canonical
    res.setHeader('WWW-Authenticate', `HMAC-SHA256 realm="sandbox", error="${result.check}"`)
    sendApiError(res, now, 401, `Invalid signature: ${result.message}`, [detail])
    return null
  }
  return { clientId: result.clientId }
}
