import { consentPage, errorPage, grantField, loginPage } from '../auth/auth-pages'
import type { SandboxClient } from '../auth/client-registry'
import type { PendingAuthorization } from '../auth/pending-authorizations'
import { type PkceChallenge, readPkceChallenge } from '../auth/pkce'
import { secretsEqual } from '../auth/secure-compare'
import { parseBodyFields, sendHtml, sendRedirect } from '../server/http-io'
import { readBodyOr413 } from '../server/request-body'
import type { RequestContext } from '../server/router'

/** Adds query parameters to a redirect URI, keeping any it already has. */
function redirectWith(redirectUri: string, params: Record<string, string | undefined>): string {
  const url = new URL(redirectUri)
  for (const [k, v] of Object.entries(params)) if (v !== undefined) url.searchParams.append(k, v)
  return url.toString()
}

function stateParam(ctx: RequestContext, state: string | undefined): string | undefined {
  return ctx.state.config.echoState ? state : undefined
}

/** True when the authorize URL asked for large pages (`presenter=1`, sent by the console in presenter mode). */
function wantsLarge(q: URLSearchParams): boolean {
  const v = q.get('presenter')
  return v === '1' || v === 'true'
}

/** Issues a code for the granted permissions and redirects the browser with it. */
function allow(
  ctx: RequestContext,
  client: SandboxClient,
  redirectUri: string,
  merchantId: string,
  permissions: string[],
  state?: string,
  pkce?: PkceChallenge,
): void {
  const code = ctx.state.codes.issue({
    clientId: client.clientId,
    redirectUri,
    merchantId,
    permissions,
    pkce,
  })
  sendRedirect(ctx.res, redirectWith(redirectUri, { code: code.code, state: stateParam(ctx, state) }))
}

/**
 * GET /oauth2/authorize/ (docs/api.md#authorize). client_id and redirect_uri are checked first and a problem with
 * either shows an error page (never a redirect to an unverified URI). Once the redirect URI is
 * trusted, protocol errors (response_type) are reported to it, RFC 6749 style.
 */
export function handleAuthorize(ctx: RequestContext) {
  const q = new URLSearchParams(ctx.rawQuery)
  const clientId = q.get('client_id')
  const redirectUri = q.get('redirect_uri')
  const responseType = q.get('response_type')
  const state = q.get('state') ?? undefined
  const large = wantsLarge(q)
  const client = clientId ? ctx.state.clients.get(clientId) : undefined
  if (!clientId || !client) {
    const message = clientId ? `Unknown client_id ${JSON.stringify(clientId)}.` : 'The client_id parameter is missing.'
    return sendHtml(ctx.res, 400, errorPage({ title: 'Unknown application', message, large }))
  }
  if (redirectUri === null || !client.redirectUris.includes(redirectUri)) {
    const message =
      redirectUri === null
        ? 'The redirect_uri parameter is missing.'
        : 'The redirect_uri does not match any URI registered for this client.'
    return sendHtml(
      ctx.res,
      400,
      errorPage({ title: 'redirect_uri mismatch', message, sentRedirectUri: redirectUri, registered: client.redirectUris, large }),
    )
  }
  if (responseType !== 'code') {
    const error = responseType === null ? 'invalid_request' : 'unsupported_response_type'
    const description = responseType === null ? 'response_type is required' : 'only response_type=code is supported'
    return sendRedirect(ctx.res, redirectWith(redirectUri, { error, error_description: description, state: stateParam(ctx, state) }))
  }
  const pkceRead = readPkceChallenge(q)
  if (pkceRead && 'problem' in pkceRead) {
    return sendRedirect(
      ctx.res,
      redirectWith(redirectUri, { error: 'invalid_request', error_description: pkceRead.problem, state: stateParam(ctx, state) }),
    )
  }
  const pkce = pkceRead ?? undefined
  const auto = ctx.state.config.autoConsent
  if (auto === 'allow') {
    const merchantId = ctx.state.demoLogins[0]?.merchantId ?? 'M-1001'
    return allow(ctx, client, redirectUri, merchantId, ctx.state.scenario.grantedByDefault(client.permissions ?? []), state, pkce)
  }
  if (auto === 'deny') {
    return sendRedirect(ctx.res, redirectWith(redirectUri, { error: 'access_denied', state: stateParam(ctx, state) }))
  }
  const pending = ctx.state.pending.create({
    clientId: client.clientId,
    redirectUri,
    state,
    pkce,
    permissions: client.permissions ?? [],
    large,
  })
  sendHtml(
    ctx.res,
    200,
    loginPage({
      clientName: client.name ?? client.clientId,
      pendingId: pending.id,
      csrf: pending.csrf,
      demoLogins: ctx.state.demoLogins,
      large,
    }),
  )
}

/** Reads a posted form and the pending authorization it belongs to; answers the error itself. */
async function readForm(ctx: RequestContext): Promise<{ form: Record<string, unknown>; pending: PendingAuthorization } | null> {
  const body = await readBodyOr413(ctx, (c, message) => sendHtml(c.res, 413, errorPage({ title: 'Form too large', message })))
  if (body === null) return null
  const form = parseBodyFields(ctx.req.headers['content-type'], body) ?? {}
  const pending = ctx.state.pending.verify(form.pending, form.csrf)
  if (!pending) {
    const message = 'This form has expired, was already used, or its hidden fields were changed. Start again from the application.'
    sendHtml(ctx.res, 400, errorPage({ title: 'Authorization expired', message }))
    return null
  }
  return { form, pending }
}

/** POST /oauth2/authorize/login: checks a demo merchant login, then shows the consent page. */
export async function handleLogin(ctx: RequestContext): Promise<void> {
  const read = await readForm(ctx)
  if (!read) return
  const { form, pending } = read
  const client = ctx.state.clients.get(pending.clientId)
  const username = typeof form.username === 'string' ? form.username : ''
  const password = typeof form.password === 'string' ? form.password : ''
  const login = ctx.state.demoLogins.find(l => l.username === username)
  const passwordOk = secretsEqual(login?.password ?? '\u0000no-such-user', password)
  const clientName = client?.name ?? pending.clientId
  if (!login || !passwordOk) {
    return sendHtml(
      ctx.res,
      401,
      loginPage({
        clientName,
        pendingId: pending.id,
        csrf: pending.csrf,
        demoLogins: ctx.state.demoLogins,
        error: 'Unknown username or wrong password.',
        username,
        large: pending.large,
      }),
    )
  }
  pending.merchantId = login.merchantId
  pending.merchantName = login.merchantName
  sendHtml(ctx.res, 200, consentFor(pending, clientName, ctx.state.scenario.grantedByDefault(pending.permissions)))
}

function consentFor(pending: PendingAuthorization, clientName: string, ticked: string[], error?: string): string {
  return consentPage({
    clientName,
    merchantName: pending.merchantName ?? pending.merchantId ?? '',
    permissions: pending.permissions,
    ticked,
    redirectUri: pending.redirectUri,
    pendingId: pending.id,
    csrf: pending.csrf,
    error,
    large: pending.large,
  })
}

/** The permissions the merchant left ticked; every requested one when the form had no tick boxes (older pages). */
function grantedOn(form: Record<string, unknown>, pending: PendingAuthorization): string[] {
  if (form.grants_offered !== '1') return [...pending.permissions]
  return pending.permissions.filter(p => form[grantField(p)] === 'on')
}

/** POST /oauth2/authorize/decision: Allow → redirect with code; Deny → error=access_denied. */
export async function handleDecision(ctx: RequestContext): Promise<void> {
  const read = await readForm(ctx)
  if (!read) return
  const { form, pending } = read
  const client = ctx.state.clients.get(pending.clientId)
  if (!pending.merchantId) {
    return sendHtml(ctx.res, 400, errorPage({ title: 'Not signed in', message: 'Sign in before granting access.' }))
  }
  if (!client?.redirectUris.includes(pending.redirectUri)) {
    const message = 'The application or its redirect_uri was unregistered while this form was open.'
    return sendHtml(ctx.res, 400, errorPage({ title: 'Application changed', message }))
  }
  if (form.decision !== 'allow' && form.decision !== 'deny') {
    return sendHtml(ctx.res, 400, errorPage({ title: 'No decision', message: 'Choose Allow or Deny.' }))
  }
  const granted = grantedOn(form, pending)
  if (form.decision === 'allow' && granted.length === 0 && pending.permissions.length > 0) {
    const clientName = client.name ?? pending.clientId
    const message = 'Tick at least one permission to allow access, or choose Deny.'
    return sendHtml(ctx.res, 400, consentFor(pending, clientName, [], message))
  }
  ctx.state.pending.consume(pending.id)
  if (form.decision === 'allow') return allow(ctx, client, pending.redirectUri, pending.merchantId, granted, pending.state, pending.pkce)
  sendRedirect(ctx.res, redirectWith(pending.redirectUri, { error: 'access_denied', state: stateParam(ctx, pending.state) }))
}
