import { sendApiError } from '../server/http-io'
import type { RequestContext } from '../server/router'
import { applyQuota } from '../state/quota-headers'
import type { TokenRecord } from './token-store'

/** A character of RFC 6750's b64token: ALPHA / DIGIT / "-" / "." / "_" / "~" / "+" / "/" / "=" (padding). */
function tokenChar(code: number): boolean {
  return (
    (code >= 97 && code <= 122) ||
    (code >= 65 && code <= 90) ||
    (code >= 48 && code <= 57) ||
    code === 45 ||
    code === 46 ||
    code === 95 ||
    code === 126 ||
    code === 43 ||
    code === 47 ||
    code === 61
  )
}

/** The first character of `token` no bearer token can hold, or -1 when every one is a b64token character. */
function strayChar(token: string): number {
  for (let i = 0; i < token.length; i++) if (!tokenChar(token.charCodeAt(i))) return i
  return -1
}

/** The character at `index` of `token` as `U+XXXX`, for a message. */
function codePointName(token: string, index: number): string {
  const code = token.codePointAt(index) ?? 0
  return `U+${code.toString(16).toUpperCase().padStart(4, '0')}`
}

/**
 * Reads an `Authorization: Bearer <token>` header the way RFC 6750 writes it: the scheme in any case, one or more
 * spaces, then the token, which it returns (undefined when there is none). Spaces and tabs around the token are
 * forgiven (HTTP's own optional white space); any other character, a non-breaking space included, stays in what it
 * returns: no issued token holds one, so the caller names it rather than trimming it away, as a real server refuses it.
 */
function readBearer(header: string | undefined): string | undefined {
  if (header === undefined) return undefined
  // A client sends the same header on every call: the token read from it last time is handed out again (a pure
  // function of the header text; the same string also keeps its hash for the token store's lookup).
  if (header === lastHeader) return lastToken
  lastToken = tokenOf(header)
  lastHeader = header
  return lastToken
}

let lastHeader = ''
let lastToken: string | undefined

function tokenOf(header: string): string | undefined {
  const space = header.indexOf(' ')
  if (space !== 6) return undefined
  // The usual spelling without case folding; any other case takes one lower-casing.
  if (!header.startsWith('Bearer') && header.slice(0, 6).toLowerCase() !== 'bearer') return undefined
  let start = space + 1
  let end = header.length
  while (start < end && (header.charCodeAt(start) === 32 || header.charCodeAt(start) === 9)) start++
  while (end > start && (header.charCodeAt(end - 1) === 32 || header.charCodeAt(end - 1) === 9)) end--
  if (start === end) return undefined
  return start === 7 && end === header.length ? header.slice(7) : header.slice(start, end)
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
  const sent = readBearer(ctx.req.headers.authorization)
  // A token the store knows holds only b64token characters (the store issues no other), so only an unknown one is
  // scanned for the character that may explain why it is unknown.
  const record = sent === undefined ? undefined : state.tokens.find(sent)
  const stray = sent === undefined || record !== undefined ? -1 : strayChar(sent)
  // One clock read for the whole check: the quota counts and the token expires at the same instant.
  const now = state.clock.now()
  if (!applyQuota(ctx, record?.clientId, now)) return null

  if (stray >= 0) {
    return unauthorized(
      ctx,
      'invalid_token',
      `The bearer token holds ${codePointName(sent as string, stray)}, which no access token contains: send the access_token exactly as the token response gave it (copied text often brings a non-breaking space or a line break)`,
    )
  }
  if (sent === undefined) {
    return unauthorized(ctx, 'invalid_request', 'Missing bearer token: send Authorization: Bearer <access_token>')
  }
  if (record === undefined) return unauthorized(ctx, 'invalid_token', 'Unknown access token')
  if (record.kind !== 'access') {
    return unauthorized(ctx, 'invalid_token', 'A refresh token cannot be used as a bearer token')
  }
  if (record.revoked) return unauthorized(ctx, 'invalid_token', 'Access token has been revoked')
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
