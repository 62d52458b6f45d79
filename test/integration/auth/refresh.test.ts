import { afterEach, describe, expect, it } from 'vitest'
import { ConsoleError } from '../../../src/main/engine/core/console-error'
import {
  addEnvironment,
  browse,
  type Console,
  eventsNamed,
  removeDir,
  startConsole,
  startCountingProxy,
  startTestSandbox,
} from './auth-harness'

const cleanups: Array<() => Promise<unknown>> = []
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c()
})

const DAY_MS = 24 * 3600 * 1000

/** Authorizes through a counting proxy in front of the sandbox, so the test sees every token request. */
async function authorized() {
  const s = await startTestSandbox({ autoConsent: 'allow' })
  cleanups.push(() => s.sandbox.close())
  const proxy = await startCountingProxy(s.url)
  cleanups.push(() => proxy.close())
  const c = await startConsole()
  cleanups.push(() => removeDir(c.dataDir))
  cleanups.push(() => c.close())
  const envId = await addEnvironment(c, { ...s, url: proxy.url })
  const start = await c.ok('oauth:start', {})
  const page = await browse(start.authorizeUrl)
  expect(page.body).toContain('Authorization complete')
  const refreshes = () => proxy.requests.filter(r => r.path.startsWith('/oauth2/token') && r.body.includes('"refresh_token"'))
  return { s, c, envId, proxy, refreshes }
}

/** Calls the locations endpoint the way the executor does: bearer, then refreshAfter401 once on a 401, then retry once. */
async function callLikeExecutor(c: Console, url: string, envId: string): Promise<{ first: number; final: number; token: string }> {
  const tokens = c.runtime.engine.auth.tokens
  const token = await tokens.accessToken(envId)
  const first = await fetch(`${url}/marketplace/v2/platform-token/locations`, { headers: { authorization: `Bearer ${token}` } })
  await first.arrayBuffer()
  if (first.status !== 401) return { first: first.status, final: first.status, token }
  const fresh = await tokens.refreshAfter401(envId, token)
  const retry = await fetch(`${url}/marketplace/v2/platform-token/locations`, { headers: { authorization: `Bearer ${fresh}` } })
  await retry.arrayBuffer()
  return { first: first.status, final: retry.status, token: fresh }
}

describe('token refresh against the sandbox', () => {
  it('refreshes after the sandbox clock passes 24 h, and keeps the countdown from the last known lifetime', async () => {
    const { s, c, envId, refreshes } = await authorized()
    const before = await c.ok('oauth:tokens', {})
    s.sandbox.clock.advance(DAY_MS + 1000)
    const result = await callLikeExecutor(c, s.url, envId)
    expect(result).toMatchObject({ first: 401, final: 200 })
    expect(refreshes()).toHaveLength(1)
    const after = await c.ok('oauth:tokens', {})
    expect(after.accessToken?.fingerprint).not.toBe(before.accessToken?.fingerprint)
    expect(after.expirySource).toBe('last-known-lifetime')
    expect(after.lifetimeSeconds).toBe(86_400)
    expect(Math.abs(Date.parse(after.expiresAt!) - (Date.now() + DAY_MS))).toBeLessThan(5000)
    expect(after.refreshedAt).not.toBeNull()
    const states = eventsNamed(c, 'oauth:lifecycle').map(l => `${l.state}:${l.trigger}`)
    expect(states.slice(-2)).toEqual(['access-token-expired:401', 'access-token-valid:refresh'])
  })

  it('sends exactly one refresh request for 10 concurrent 401s, and every call succeeds on its retry', async () => {
    const { s, c, envId, proxy, refreshes } = await authorized()
    s.sandbox.clock.advance(DAY_MS + 1000)
    const results = await Promise.all(Array.from({ length: 10 }, () => callLikeExecutor(c, proxy.url, envId)))
    expect(results.map(r => r.first)).toEqual(Array(10).fill(401))
    expect(results.map(r => r.final)).toEqual(Array(10).fill(200))
    expect(new Set(results.map(r => r.token)).size).toBe(1)
    expect(refreshes()).toHaveLength(1)
  })

  it('surfaces a revoked grant with its cause, after one refresh attempt, without looping', async () => {
    const { s, c, envId, refreshes } = await authorized()
    const admin = await fetch(`${s.url}/_sandbox/tokens/revoke`, {
      method: 'POST',
      headers: { 'x-sandbox-admin-token': s.sandbox.adminToken, 'content-type': 'application/json' },
      body: JSON.stringify({ all: true }),
    })
    expect(admin.status).toBe(200)
    const error = await callLikeExecutor(c, s.url, envId).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ConsoleError)
    expect((error as ConsoleError).details).toMatchObject({ cause: 'refresh-revoked' })
    expect((error as ConsoleError).message).toMatch(/revoked/)
    expect((error as ConsoleError).hint).toMatch(/Authorize again/)
    expect(refreshes()).toHaveLength(1)
    expect((await c.ok('oauth:status', {})).lifecycle.state).toBe('access-token-expired')
  })

  it('reports a wrong client secret as a wrong client when refreshing', async () => {
    const { c, envId } = await authorized()
    await c.ok('environments:update', { id: envId, changes: {}, clientSecret: 'sbx_secret_definitely-not-the-right-one' })
    const result = await c.call('oauth:refresh', {})
    expect(result.ok).toBe(false)
    if (result.ok) return
    expect(result.error.code).toBe('unauthorized')
    expect((result.error.details as { cause: string }).cause).toBe('wrong-client')
    expect(result.error.hint).toMatch(/client_id/)
  })

  it('does not refresh again when a token refreshed moments ago is refused too', async () => {
    const { s, c, envId, refreshes } = await authorized()
    s.sandbox.clock.advance(DAY_MS + 1000)
    const fresh = await callLikeExecutor(c, s.url, envId)
    expect(fresh.final).toBe(200)
    await fetch(`${s.url}/_sandbox/tokens/revoke`, {
      method: 'POST',
      headers: { 'x-sandbox-admin-token': s.sandbox.adminToken, 'content-type': 'application/json' },
      body: JSON.stringify({ all: true }),
    })
    const error = await c.runtime.engine.auth.tokens.refreshAfter401(envId, fresh.token).catch((e: unknown) => e)
    expect((error as ConsoleError).details).toMatchObject({ cause: 'fresh-token-refused' })
    expect(refreshes()).toHaveLength(1)
  })
})

describe('sandbox controls (operator API client)', () => {
  it('moves the clock, expires and lists the current token, only for the built-in sandbox', async () => {
    const c = await startConsole({ builtinSandbox: true })
    cleanups.push(() => removeDir(c.dataDir))
    cleanups.push(() => c.close())
    const state0 = await c.ok('sandbox:state', {})
    expect(state0.available).toBe(true)
    expect(state0.tokens).toEqual([])

    const noToken = await c.call('sandbox:expireTokens', { target: 'current-access' })
    expect(noToken.ok).toBe(false)

    const moved = await c.ok('sandbox:clock', { advanceSeconds: 3600 })
    expect(moved.clock?.clockOffsetSeconds).toBe(3600)
    const reset = await c.ok('sandbox:clock', { reset: true })
    expect(reset.clock?.clockOffsetSeconds).toBe(0)
    expect(eventsNamed(c, 'sandbox:changed')).toHaveLength(2)

    const limit = await c.ok('sandbox:setLimit', { limit: 5, method: 'GET', path: '/marketplace/v2/platform-token/locations' })
    expect(JSON.stringify(limit.result)).toContain('5')
    await c.ok('sandbox:addFault', { path: '/api/v1/locations/', status: 503, times: 1 })
    const faults = await c.ok('sandbox:clearFaults', {})
    expect(faults.result).toEqual([])
    await c.ok('sandbox:resetQuotas', {})

    const other = await c.ok('environments:create', {
      settings: {
        name: 'Elsewhere',
        authUrl: 'https://auth.example.com',
        baseUrl: 'https://api.example.com',
        clientId: 'x',
        redirectUri: 'https://app.example.com/cb',
      },
    })
    await c.ok('environments:setActive', { id: other.id })
    const unavailable = await c.ok('sandbox:state', {})
    expect(unavailable.available).toBe(false)
    expect(unavailable.reason).toMatch(/Elsewhere/)
    const refused = await c.call('sandbox:clock', { advanceSeconds: 10 })
    expect(refused.ok).toBe(false)
    if (!refused.ok) expect(refused.error.code).toBe('unsupported')
  })

  it('expiring the current token through the controls lights "expired" and the next 401 refreshes', async () => {
    const c = await startConsole({ builtinSandbox: true })
    cleanups.push(() => removeDir(c.dataDir))
    cleanups.push(() => c.close())
    const sandbox = c.runtime.sandbox!
    // The built-in sandbox has no auto-consent: sign in and allow through its real forms.
    const start = await c.ok('oauth:start', {})
    const loginHtml = await (await fetch(start.authorizeUrl)).text()
    const field = (html: string, name: string) => new RegExp(`name="${name}" value="([^"]*)"`).exec(html)?.[1] ?? ''
    const consentHtml = await (
      await fetch(new URL('/oauth2/authorize/login', sandbox.url), {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          pending: field(loginHtml, 'pending'),
          csrf: field(loginHtml, 'csrf'),
          username: sandbox.demoLogins[0]!.username,
          password: sandbox.demoLogins[0]!.password,
        }),
      })
    ).text()
    const decision = await fetch(new URL('/oauth2/authorize/decision', sandbox.url), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ pending: field(consentHtml, 'pending'), csrf: field(consentHtml, 'csrf'), decision: 'allow' }),
      redirect: 'manual',
    })
    await browse(decision.headers.get('location')!)
    expect((await c.ok('oauth:tokens', { envId: 'sandbox' })).present).toBe(true)

    const state = await c.ok('sandbox:state', {})
    expect(
      state.tokens
        .filter(t => t.current)
        .map(t => t.current)
        .sort(),
    ).toEqual(['access', 'refresh'])
    await c.ok('sandbox:expireTokens', { target: 'current-access' })
    expect((await c.ok('oauth:status', {})).lifecycle).toMatchObject({ state: 'access-token-expired', trigger: 'sandbox-expired' })
    const result = await callLikeExecutor(c, sandbox.url, 'sandbox')
    expect(result).toMatchObject({ first: 401, final: 200 })
    expect((await c.ok('oauth:status', {})).lifecycle.state).toBe('access-token-valid')

    await c.ok('sandbox:clock', { advanceSeconds: 86_401 })
    expect((await c.ok('oauth:status', {})).lifecycle.state).toBe('access-token-expired')
  })
})
