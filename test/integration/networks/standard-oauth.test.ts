import { afterEach, describe, expect, it } from 'vitest'
import { findFreePort } from '../../../src/main/runtime/free-port'
import { eventOf, removeDir, startConsole } from '../auth/auth-harness'
import { browseWithCookies, startOidcServer } from './oidc-server'

const cleanups: Array<() => Promise<unknown>> = []
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c()
})

async function setup(scope: string) {
  const port = await findFreePort()
  const client = {
    clientId: 'partner-app',
    clientSecret: 'oidc-client-secret-4f1c2b9a7d',
    redirectUri: `http://127.0.0.1:${port}/callback`,
  }
  const oidc = await startOidcServer(client)
  cleanups.push(() => oidc.close())
  const c = await startConsole()
  cleanups.push(() => removeDir(c.dataDir))
  cleanups.push(() => c.close())
  const env = await c.ok('environments:create', {
    settings: {
      name: 'Standard OAuth server',
      authUrl: oidc.issuer,
      baseUrl: oidc.issuer,
      clientId: client.clientId,
      redirectUri: client.redirectUri,
      paths: { authorize: '/auth', token: '/token' },
      pkce: true,
      tokenBody: 'form',
      authorizeParams: { scope },
    },
    clientSecret: client.clientSecret,
    acceptUnprotectedStorage: true,
  })
  return { c, envId: env.id, client }
}

describe('a standard authorization server (oidc-provider): form token bodies, a scope and PKCE', () => {
  it('completes the code flow, and takes the lifetime from expires_in', async () => {
    const { c, envId, client } = await setup('openid read:locations')
    const start = await c.ok('oauth:start', { envId })
    const url = new URL(start.authorizeUrl)
    expect(url.searchParams.get('scope')).toBe('openid read:locations')
    expect(url.searchParams.get('code_challenge_method')).toBe('S256')
    expect(start.params.find(p => p.name === 'scope')?.note).toMatch(/RFC 6749/)
    const page = await browseWithCookies(start.authorizeUrl)
    expect(page.visited.at(-1)).toMatch(new RegExp(`^${client.redirectUri}\\?code=`))
    const flow = await eventOf(c, 'oauth:flow', f => f.step === 'done' || f.step === 'failed')
    expect(flow.failure ?? null).toBeNull()
    expect(flow.step).toBe('done')
    const tokens = await c.ok('oauth:tokens', { envId })
    expect(tokens.present).toBe(true)
    expect(tokens.expirySource).toBe('expires_in')
    expect(tokens.lifetimeSeconds).toBe(3600)
    expect(tokens.permissions).toEqual(['openid', 'read:locations'])
    const log = await c.ok('log:list', {})
    const tokenEntry = log.entries.find(e => e.purpose === 'oauth-token')
    expect(tokenEntry?.status).toBe(200)
    const detail = await c.ok('log:get', { id: tokenEntry?.id ?? '' })
    expect(detail.requestHeaders.find(h => h.name === 'content-type')?.value).toBe('application/x-www-form-urlencoded')
    const body = new URLSearchParams(detail.requestBody?.text ?? '')
    expect(body.get('grant_type')).toBe('authorization_code')
    expect(body.get('code_verifier')).toMatch(/^\[redacted:/)
    expect(detail.requestBody?.text).not.toContain(client.clientSecret)
  })

  it('reports a request the server refuses as "the server answered access_denied", not as a merchant denial', async () => {
    const { c, envId } = await setup('openid admin')
    const start = await c.ok('oauth:start', { envId })
    const page = await browseWithCookies(start.authorizeUrl)
    expect(page.visited.at(-1)).toContain('error=access_denied')
    const flow = await eventOf(c, 'oauth:flow', f => f.step === 'denied' || f.step === 'failed')
    expect(flow.failure?.code).toBe('access_denied')
    expect(flow.failure?.message).toMatch(
      /^The server answered access_denied \(scope admin is not granted to this client\): a denial or a refused request/,
    )
    expect(flow.failure?.hint).toMatch(/scope/)
  })
})
