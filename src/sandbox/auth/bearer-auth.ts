import { sendApiError } from '../server/http-io'
import type { RequestContext } from '../server/router'
import { applyQuota } from '../state/quota-headers'
import type { TokenRecord } from './token-store'

/** A visible ASCII character (never white space of any kind trim() removes). */
function visible(code: number): boolean {
  return code > 32 && code < 127
}

/** True when the text is not empty and begins and ends visibly (then trim() would return it unchanged). */
function trimmed(text: string): boolean {
  return text.length > 0 && visible(text.charCodeAt(0)) && visible(text.charCodeAt(text.length - 1))
}

/** Extracts the token of an `Authorization: Bearer <token>` header (scheme case-insensitive). */
function bearerToken(header: string | undefined): string | undefined {
  if (header === undefined) return undefined
  // The usual spelling, one slice and no case folding; anything else takes the general path below.
  if (header.startsWith('Bearer ')) {
    const token = header.slice(7)
    if (trimmed(token)) return token
  }
  const space = header.indexOf(' ')
  if (space < 0 || header.slice(0, space).toLowerCase() !== 'bearer') return undefined
  const token = header.slice(space + 1).trim()
  return token === '' ? undefined : token
}

function unauthorized(ctx: RequestContext, error: string, message: string): null {
  ctx.res.setHeader('WWW-Authenticate', `Bearer realm="sandbox", error="${error}"`)
  sendApiError(ctx.res, ctx.state.clock.now(), 401, message, [{ reason: error }])
  return null
}

/**
 * Authenticates a bearer-protected call (docs/api.md#locations, docs/api.md#install, docs/api.md#example-locations): resolves the client from the token for
 * quota purposes (even an expired or revoked token identifies its client), counts the request,
 * then checks the token and the permission. Sends the error response itself and returns null on
 * failure, the token record on success.
 */
export function authenticateBearer(ctx: RequestContext, permission: string): TokenRecord | null {
  const { state } = ctx
  const value = bearerToken(ctx.req.headers.authorization)
  const record = value === undefined ? undefined : state.tokens.find(value)
  if (!applyQuota(ctx, record?.clientId)) return null

  if (value === undefined) {
    return unauthorized(ctx, 'invalid_request', 'Missing bearer token: send Authorization: Bearer <access_token>')
  }
  if (record === undefined) return unauthorized(ctx, 'invalid_token', 'Unknown access token')
  if (record.kind !== 'access') {
    return unauthorized(ctx, 'invalid_token', 'A refresh token cannot be used as a bearer token')
  }
  if (record.revoked) return unauthorized(ctx, 'invalid_token', 'Access token has been revoked')
  const now = state.clock.now()
  if (state.tokens.isExpired(record, now)) {
    const at = new Date(record.expiresAt ?? now).toISOString()
    return unauthorized(ctx, 'invalid_token', `Access token expired at ${at}; use the refresh_token grant`)
  }
  if (!record.permissions.includes(permission)) {
    sendApiError(ctx.res, now, 403, `Missing permission ${permission}: the merchant did not grant it to this client`, [
      { reason: 'insufficient_permission', required: permission, granted: record.permissions },
    ])
    return null
  }
  return record
}
