import type { RunningSandbox } from '../../../../src/sandbox'
import { DEMO, MERCHANT_A } from './sandbox-fixture'

export function hiddenField(html: string, name: string): string {
  const m = new RegExp(`name="${name}" value="([^"]*)"`).exec(html)
  if (!m) throw new Error(`hidden field ${name} not found in page:\n${html.slice(0, 500)}`)
  return m[1] as string
}

export function authorizeUrl(sb: RunningSandbox, params: Record<string, string>): string {
  return `${sb.url}/oauth2/authorize/?${new URLSearchParams(params)}`
}

function form(fields: Record<string, string>): RequestInit {
  return {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
    redirect: 'manual',
  }
}

/**
 * Walks the real HTML pages over HTTP: authorize → login form → consent form → decision, and
 * returns the redirect the browser would follow.
 */
export async function walkConsent(
  sb: RunningSandbox,
  opts: {
    clientId?: string
    redirectUri?: string
    state?: string
    login?: { username: string; password: string }
    decision?: 'allow' | 'deny'
  } = {},
): Promise<{ location: URL; consentHtml: string }> {
  const params: Record<string, string> = {
    client_id: opts.clientId ?? DEMO.clientId,
    redirect_uri: opts.redirectUri ?? DEMO.redirectUri,
    response_type: 'code',
  }
  if (opts.state !== undefined) params.state = opts.state
  const page = await fetch(authorizeUrl(sb, params), { redirect: 'manual' })
  if (page.status !== 200) throw new Error(`authorize answered ${page.status}`)
  const loginHtml = await page.text()
  const login = opts.login ?? MERCHANT_A
  const consent = await fetch(
    `${sb.url}/oauth2/authorize/login`,
    form({
      pending: hiddenField(loginHtml, 'pending'),
      csrf: hiddenField(loginHtml, 'csrf'),
      username: login.username,
      password: login.password,
    }),
  )
  if (consent.status !== 200) throw new Error(`login answered ${consent.status}`)
  const consentHtml = await consent.text()
  const decided = await fetch(
    `${sb.url}/oauth2/authorize/decision`,
    form({
      pending: hiddenField(consentHtml, 'pending'),
      csrf: hiddenField(consentHtml, 'csrf'),
      decision: opts.decision ?? 'allow',
    }),
  )
  const location = decided.headers.get('location')
  if (decided.status !== 302 || !location) throw new Error(`decision answered ${decided.status}`)
  return { location: new URL(location), consentHtml }
}

export interface TokenBody {
  access_token: string
  refresh_token: string
  permissions: string[]
  expiration?: number
  token_type: string
}

/** POSTs a JSON body to the token endpoint. */
export async function postToken(sb: RunningSandbox, body: Record<string, string>, path = '/oauth2/token/') {
  const res = await fetch(`${sb.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
  return { res, body: (await res.json()) as Record<string, unknown> }
}

/** Full flow for a client: pages, code, token exchange. */
export async function obtainTokens(
  sb: RunningSandbox,
  client: { clientId: string; secret: string; redirectUri: string } = DEMO,
  login: { username: string; password: string } = MERCHANT_A,
): Promise<TokenBody> {
  const { location } = await walkConsent(sb, { clientId: client.clientId, redirectUri: client.redirectUri, login })
  const code = location.searchParams.get('code')
  if (!code) throw new Error(`no code in ${location}`)
  const { res, body } = await postToken(sb, {
    grant_type: 'authorization_code',
    code,
    redirect_uri: client.redirectUri,
    client_id: client.clientId,
    client_secret: client.secret,
  })
  if (res.status !== 200) throw new Error(`token answered ${res.status}: ${JSON.stringify(body)}`)
  return body as unknown as TokenBody
}

/** GET with a bearer token. */
export function bearerGet(sb: RunningSandbox, path: string, token: string): Promise<Response> {
  return fetch(`${sb.url}${path}`, { headers: { authorization: `Bearer ${token}` } })
}
