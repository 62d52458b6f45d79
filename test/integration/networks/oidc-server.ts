import { generateKeyPairSync } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import Provider from 'oidc-provider'

/** A real OAuth 2.0 / OpenID Connect authorization server (oidc-provider) on loopback, for one confidential client. */
export interface OidcServer {
  issuer: string
  close(): Promise<void>
}

/**
 * Starts oidc-provider with one client (form token bodies via client_secret_post, PKCE required, scope `openid` and
 * `read:locations`). Its login and consent interactions complete by themselves, like a user who signs in and allows,
 * except when the scope asks for `admin`, which the server refuses (access_denied).
 */
export async function startOidcServer(client: { clientId: string; clientSecret: string; redirectUri: string }): Promise<OidcServer> {
  const server = createServer()
  await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve))
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: client.clientId,
        client_secret: client.clientSecret,
        redirect_uris: [client.redirectUri],
        application_type: 'native',
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    scopes: ['openid', 'read:locations', 'admin'],
    jwks: {
      keys: [{ ...generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' }), use: 'sig', alg: 'RS256' }],
    },
    pkce: { required: () => true },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
    findAccount: async (_ctx: unknown, id: string) => ({ accountId: id, claims: async () => ({ sub: id }) }),
    ttl: { AccessToken: 3600, AuthorizationCode: 60, Grant: 3600, Interaction: 600, Session: 3600, IdToken: 3600 },
  })
  const callback = provider.callback()
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    if (req.url?.startsWith('/interaction/')) {
      interact(provider, req, res).catch(error => {
        res.statusCode = 500
        res.end(String(error))
      })
      return
    }
    callback(req, res)
  })
  return {
    issuer,
    close: () =>
      new Promise(resolve => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

async function interact(provider: Provider, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const details = await provider.interactionDetails(req, res)
  const scope = String(details.params.scope ?? '')
  if (scope.split(' ').includes('admin')) {
    await provider.interactionFinished(req, res, { error: 'access_denied', error_description: 'scope admin is not granted to this client' })
    return
  }
  if (details.prompt.name === 'login') {
    await provider.interactionFinished(req, res, { login: { accountId: 'merchant-M-1001' } }, { mergeWithLastSubmission: false })
    return
  }
  const grant = new provider.Grant({ accountId: details.session?.accountId, clientId: String(details.params.client_id) })
  grant.addOIDCScope(scope)
  const grantId = await grant.save()
  await provider.interactionFinished(req, res, { consent: { grantId } }, { mergeWithLastSubmission: true })
}

/** Follows redirects like a browser with cookies, until the redirect URI's catcher answers; returns the URLs visited. */
export async function browseWithCookies(url: string, maxHops = 12): Promise<{ visited: string[]; status: number; body: string }> {
  const jar = new Map<string, string>()
  const visited: string[] = []
  let current = url
  for (let i = 0; i <= maxHops; i++) {
    visited.push(current)
    const cookie = [...jar].map(([k, v]) => `${k}=${v}`).join('; ')
    const response = await fetch(current, { redirect: 'manual', headers: cookie ? { cookie } : {} })
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';')
      const eq = pair?.indexOf('=') ?? -1
      if (pair && eq > 0) jar.set(pair.slice(0, eq).trim(), pair.slice(eq + 1))
    }
    const location = response.headers.get('location')
    const body = await response.text()
    if (!location || response.status < 300 || response.status >= 400) return { visited, status: response.status, body }
    current = new URL(location, current).href
  }
  throw new Error(`too many redirects: ${visited.join(' → ')}`)
}
