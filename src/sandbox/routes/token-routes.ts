import type { SandboxClient } from '../auth/client-registry'
import { secretsEqual } from '../auth/secure-compare'
import type { TokenRecord } from '../auth/token-store'
import { parseBodyFields, sendJson, sendOAuthError } from '../server/http-io'
import { readBodyOr413 } from '../server/request-body'
import type { RequestContext } from '../server/router'
import { applyQuota } from '../state/quota-headers'

type Fields = Record<string, unknown>

function field(fields: Fields, name: string): string | undefined {
  const v = fields[name]
  return typeof v === 'string' && v !== '' ? v : undefined
}

/** RFC 6749 2.3.1: Basic credentials are form-encoded; undecodable input is kept as sent. */
function formDecode(text: string): string {
  try {
    return decodeURIComponent(text.replaceAll('+', ' '))
  } catch {
    return text
  }
}

/** Client credentials from the body (spec) or from HTTP Basic (RFC 6749 client_secret_basic), and which was used. */
function clientCredentials(ctx: RequestContext, fields: Fields): { id?: string; secret?: string; basic: boolean } {
  const auth = ctx.req.headers.authorization
  if (auth?.toLowerCase().startsWith('basic ')) {
    const decoded = Buffer.from(auth.slice(6).trim(), 'base64').toString('utf8')
    const colon = decoded.indexOf(':')
    if (colon > 0) {
      return { id: formDecode(decoded.slice(0, colon)), secret: formDecode(decoded.slice(colon + 1)), basic: true }
    }
    return { basic: true }
  }
  return { id: field(fields, 'client_id'), secret: field(fields, 'client_secret'), basic: false }
}

/**
 * 401 invalid_client. RFC 6749 5.2: `WWW-Authenticate` only to a client that authenticated with the Authorization
 * header; a client that sent its credentials in the body gets the JSON error alone (standard libraries then show it
 * instead of prompting for a password).
 */
function refuseClient(ctx: RequestContext, basic: boolean, description: string): void {
  if (basic) ctx.res.setHeader('WWW-Authenticate', 'Basic realm="sandbox"')
  sendOAuthError(ctx.res, 401, 'invalid_client', description)
}

function sendTokens(ctx: RequestContext, access: TokenRecord, refresh: TokenRecord, withExpiration: boolean): void {
  ctx.res.setHeader('Cache-Control', 'no-store')
  ctx.res.setHeader('Pragma', 'no-cache')
  const body: Record<string, unknown> = {
    access_token: access.value,
    refresh_token: refresh.value,
    permissions: access.permissions,
  }
  if (withExpiration) body.expiration = Math.round(((access.expiresAt ?? access.issuedAt) - access.issuedAt) / 1000)
  body.token_type = 'Bearer'
  sendJson(ctx.res, 200, body)
}

function authorizationCodeGrant(ctx: RequestContext, client: SandboxClient, fields: Fields) {
  const code = field(fields, 'code')
  const redirectUri = field(fields, 'redirect_uri')
  if (!code || !redirectUri) {
    const missing = [!code && 'code', !redirectUri && 'redirect_uri'].filter(Boolean).join(', ')
    return sendOAuthError(ctx.res, 400, 'invalid_request', `missing required field(s): ${missing}`)
  }
  const { state } = ctx
  const result = state.codes.redeem(code, client.clientId, redirectUri, {
    verifier: field(fields, 'code_verifier'),
    verify: state.config.verifyPkce,
  })
  if (!result.ok) {
    if (result.reason === 'replayed') {
      const revoked = state.tokens.revokeGrant(result.grantId)
      return sendOAuthError(
        ctx.res,
        400,
        'invalid_grant',
        `authorization code was already used; the ${revoked} token(s) issued from it have been revoked`,
      )
    }
    const text = {
      unknown: 'authorization code is unknown',
      expired: `authorization code has expired (codes live ${state.config.codeTtlSeconds} s)`,
      wrong_client: 'authorization code was issued to another client',
      redirect_mismatch: 'redirect_uri does not match the one used in the authorization request',
      pkce_missing: 'code_verifier is required: the authorization request sent a code_challenge (PKCE)',
      pkce_mismatch: 'code_verifier does not match the code_challenge of the authorization request (PKCE)',
    }[result.reason]
    return sendOAuthError(ctx.res, 400, 'invalid_grant', text)
  }
  const { access, refresh } = state.tokens.issuePair({
    clientId: client.clientId,
    merchantId: result.record.merchantId,
    permissions: result.record.permissions,
    grantId: result.record.grantId,
  })
  sendTokens(ctx, access, refresh, true)
  // After the answer is written: the client is told the usual lifetime, the server decides otherwise (scenarios).
  state.scenario.afterCodeExchange(access, refresh)
}

function refreshTokenGrant(ctx: RequestContext, client: SandboxClient, fields: Fields) {
  const value = field(fields, 'refresh_token')
  if (!value) return sendOAuthError(ctx.res, 400, 'invalid_request', 'missing required field(s): refresh_token')
  const { tokens, config } = ctx.state
  const record = tokens.find(value)
  let problem: string | undefined
  if (record?.kind !== 'refresh') problem = 'refresh token is unknown'
  else if (record.clientId !== client.clientId) problem = 'refresh token was issued to another client'
  else if (record.revoked) problem = 'refresh token has been revoked'
  else if (tokens.isExpired(record)) problem = 'refresh token has expired'
  if (problem || !record) return sendOAuthError(ctx.res, 400, 'invalid_grant', problem ?? 'invalid refresh token')
  const subject = { clientId: record.clientId, merchantId: record.merchantId, permissions: record.permissions, grantId: record.grantId }
  const access = tokens.issue(subject, 'access', config.accessTokenTtlSeconds * 1000)
  let refresh = record
  if (config.rotateRefreshTokens) {
    record.revoked = true
    refresh = tokens.issue(subject, 'refresh', config.refreshTokenTtlSeconds * 1000)
  }
  sendTokens(ctx, access, refresh, false)
}

/**
 * POST /oauth2/token/ (docs/api.md#token-exchange, docs/api.md#token-refresh). Accepts JSON (spec) and form encoding (RFC 6749). Client
 * authentication comes first (401 invalid_client), then the client's quota (counted only once it has
 * authenticated, so wrong secrets from anyone cannot use up a client's quota), then the grant. Every answer is no-store.
 */
export async function handleToken(ctx: RequestContext): Promise<void> {
  const body = await readBodyOr413(ctx, (c, message) => sendOAuthError(c.res, 413, 'invalid_request', message))
  if (body === null) return
  const fields = parseBodyFields(ctx.req.headers['content-type'], body)
  const creds = clientCredentials(ctx, fields ?? {})
  const client = creds.id ? ctx.state.clients.get(creds.id) : undefined
  if (fields === null) {
    return sendOAuthError(
      ctx.res,
      400,
      'invalid_request',
      'body must be a JSON object (application/json) or application/x-www-form-urlencoded',
    )
  }
  const grantType = field(fields, 'grant_type')
  if (!grantType) return sendOAuthError(ctx.res, 400, 'invalid_request', 'missing required field(s): grant_type')
  // Not authenticated: counted under anonymous:<ip> (limits.countUnidentified), never under the client it names.
  if (!creds.id || !creds.secret) {
    if (!applyQuota(ctx, undefined)) return
    return refuseClient(ctx, creds.basic, 'client_id and client_secret are required')
  }
  if (!client || !secretsEqual(client.clientSecret, creds.secret)) {
    if (!applyQuota(ctx, undefined)) return
    return refuseClient(ctx, creds.basic, 'unknown client_id or wrong client_secret')
  }
  if (!applyQuota(ctx, client.clientId)) return
  if (grantType === 'authorization_code') return authorizationCodeGrant(ctx, client, fields)
  if (grantType === 'refresh_token') return refreshTokenGrant(ctx, client, fields)
  sendOAuthError(ctx.res, 400, 'unsupported_grant_type', `grant_type ${JSON.stringify(grantType)} is not supported`)
}
