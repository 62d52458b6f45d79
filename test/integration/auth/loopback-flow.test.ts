import { createServer } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import type { TokenView } from '../../../src/shared/contract'
import { listenerClosed } from '../../support/ports'
import {
  addEnvironment,
  browse,
  type Console,
  eventOf,
  eventsNamed,
  isListening,
  removeDir,
  startConsole,
  startTestSandbox,
} from './auth-harness'

const cleanups: Array<() => Promise<unknown>> = []
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c()
})

async function setup(options: Parameters<typeof startTestSandbox>[0] = {}) {
  const s = await startTestSandbox(options)
  cleanups.push(() => s.sandbox.close())
  const c = await startConsole()
  cleanups.push(() => removeDir(c.dataDir))
  cleanups.push(() => c.close())
  const envId = await addEnvironment(c, s)
  return { s, c, envId }
}

/** True once the catcher's listener has closed (it drops the connection that waited for it: no polling). */
async function closedSoon(port: number): Promise<boolean> {
  await listenerClosed(port)
  return !(await isListening(port))
}

function steps(c: Console): string[] {
  return eventsNamed(c, 'oauth:flow').map(f => f.step)
}

describe('loopback catch mode against the sandbox', () => {
  it('catches the redirect on the registered loopback port, exchanges the code and closes the listener', async () => {
    const { s, c, envId } = await setup({ autoConsent: 'allow' })
    const start = await c.ok('oauth:start', {})
    expect(start.mode).toBe('loopback')
    expect(start.opener).toBe('renderer')
    expect(start.listeningOn).toBe(s.redirectUri)
    const url = new URL(start.authorizeUrl)
    expect(url.searchParams.get('client_id')).toBe(s.clientId)
    expect(url.searchParams.get('redirect_uri')).toBe(s.redirectUri)
    expect(url.searchParams.get('response_type')).toBe('code')
    expect(url.searchParams.get('state')).toMatch(/^[A-Za-z0-9_-]{22}$/)
    expect(Date.parse(start.expiresAt) - Date.now()).toBeGreaterThan(290_000)

    const page = await browse(start.authorizeUrl)
    expect(page.visited[1]?.startsWith(`${s.redirectUri}?code=`)).toBe(true)
    expect(page.status).toBe(200)
    expect(page.body).toContain('Authorization complete')
    expect(page.body).toContain('You can close this tab')
    expect(page.body).not.toContain('sbx_ac_')

    const tokens = await c.ok('oauth:tokens', {})
    expect(tokens.present).toBe(true)
    expect(tokens.accessToken?.masked).toMatch(/^sbx_at_…[A-Za-z0-9_-]{4}$/)
    expect(tokens.expirySource).toBe('expiration')
    expect(tokens.lifetimeSeconds).toBe(86_400)
    expect(tokens.permissions).toEqual(expect.arrayContaining(['read:locations']))
    expect(steps(c)).toEqual(['waiting-for-callback', 'callback-received', 'exchanging', 'done'])
    const lifecycle = eventsNamed(c, 'oauth:lifecycle').filter(l => l.envId === envId)
    expect(lifecycle.map(l => l.state)).toEqual(['code-issued', 'access-token-valid'])
    expect(Date.parse(lifecycle[1]?.expiresAt ?? '') - Date.now()).toBeGreaterThan(86_000_000)

    const token = (await c.ok('oauth:revealToken', { kind: 'access' })).value
    const api = await fetch(`${s.url}/marketplace/v2/platform-token/locations`, { headers: { authorization: `Bearer ${token}` } })
    expect(api.status).toBe(200)
    expect(await closedSoon(s.port)).toBe(true)
  })

  it('drives the real sign-in and consent forms of the built-in sandbox', async () => {
    const c = await startConsole({ builtinSandbox: true })
    cleanups.push(() => removeDir(c.dataDir))
    cleanups.push(() => c.close())
    const sandbox = c.runtime.sandbox!
    const start = await c.ok('oauth:start', {})
    expect(start.envId).toBe('sandbox')
    const login = await fetch(start.authorizeUrl)
    const loginHtml = await login.text()
    expect(login.status).toBe(200)
    const field = (html: string, name: string) => new RegExp(`name="${name}" value="([^"]*)"`).exec(html)?.[1] ?? ''
    const demo = sandbox.demoLogins[0]!
    const consent = await fetch(new URL('/oauth2/authorize/login', sandbox.url), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        pending: field(loginHtml, 'pending'),
        csrf: field(loginHtml, 'csrf'),
        username: demo.username,
        password: demo.password,
      }),
    })
    const consentHtml = await consent.text()
    expect(consent.status).toBe(200)
    expect(consentHtml).toContain('Allow')
    const decision = await fetch(new URL('/oauth2/authorize/decision', sandbox.url), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ pending: field(consentHtml, 'pending'), csrf: field(consentHtml, 'csrf'), decision: 'allow' }),
      redirect: 'manual',
    })
    const location = decision.headers.get('location')!
    expect(location.startsWith(sandbox.client.redirectUri)).toBe(true)
    const page = await browse(location)
    expect(page.body).toContain('Authorization complete')
    const tokens = await c.ok('oauth:tokens', { envId: 'sandbox' })
    expect(tokens.present).toBe(true)
    expect(tokens.persisted).toBe(false)
  })

  it('reports a denial as denied, in the stepper, the lifecycle and the browser tab', async () => {
    const { c, envId } = await setup({ autoConsent: 'deny' })
    const start = await c.ok('oauth:start', {})
    const page = await browse(start.authorizeUrl)
    expect(page.body).toContain('Access denied')
    const flow = (await c.ok('oauth:status', {})).flow
    expect(flow.step).toBe('denied')
    expect(flow.failure?.code).toBe('access_denied')
    expect(flow.failure?.message).toMatch(/the server answered access_denied: a denial or a refused request/i)
    const lifecycle = await c.ok('oauth:status', { envId })
    expect(lifecycle.lifecycle.state).toBe('denied')
    expect(lifecycle.tokens.present).toBe(false)
  })

  it('refuses a callback whose state is not the one sent (400), never exchanges its code, and keeps waiting', async () => {
    const { s, c } = await setup({ autoConsent: 'allow' })
    await c.ok('oauth:start', {})
    const forged = await browse(`${s.redirectUri}?code=sbx_ac_forgedcodeforged&state=not-the-state`)
    expect(forged.status).toBe(400)
    expect(forged.body).toContain('Not the redirect the console is waiting for')
    const flow = (await c.ok('oauth:status', {})).flow
    expect(flow.step).toBe('waiting-for-callback')
    expect(flow.rejectedCallbacks).toBe(1)
    expect(flow.failure).toBeNull()
    expect(steps(c)).not.toContain('exchanging')
    expect((await c.ok('oauth:tokens', {})).present).toBe(false)
  })

  it('ignores visits that are not the OAuth answer and keeps waiting', async () => {
    const { s, c } = await setup({ autoConsent: 'allow' })
    const start = await c.ok('oauth:start', {})
    const favicon = await fetch(`http://127.0.0.1:${s.port}/favicon.ico`)
    expect(favicon.status).toBe(404)
    await favicon.text()
    const bare = await fetch(s.redirectUri)
    expect(bare.status).toBe(404)
    await bare.text()
    expect((await c.ok('oauth:status', {})).flow.step).toBe('waiting-for-callback')
    const page = await browse(start.authorizeUrl)
    expect(page.body).toContain('Authorization complete')
  })

  it('names the busy port and what to do when the redirect port is taken', async () => {
    const { s, c } = await setup({ autoConsent: 'allow' })
    const blocker = createServer()
    await new Promise<void>(resolve => blocker.listen(s.port, '127.0.0.1', () => resolve()))
    cleanups.push(() => new Promise(resolve => blocker.close(resolve)))
    const result = await c.call('oauth:start', {})
    expect(result.ok).toBe(false)
    if (result.ok) return
    expect(result.error.code).toBe('conflict')
    expect(result.error.message).toContain(`Port ${s.port}`)
    expect(result.error.hint).toMatch(/paste mode/)
    expect((await c.ok('oauth:status', {})).flow.step).toBe('failed')
  })

  it('times out, closes the listener and says what to try', async () => {
    const { s, c } = await setup({ autoConsent: 'allow' })
    await c.ok('oauth:start', { timeoutSeconds: 1 })
    expect(await isListening(s.port)).toBe(true)
    const failed = await eventOf(c, 'oauth:flow', f => f.step === 'failed', 4000)
    expect(failed.failure?.code).toBe('timeout')
    expect(failed.failure?.hint).toMatch(/registered URI/)
    expect(await closedSoon(s.port)).toBe(true)
  })

  it('cancels on request, and a second start supersedes the pending one on the same port', async () => {
    const { s, c } = await setup({ autoConsent: 'allow' })
    const first = await c.ok('oauth:start', {})
    const second = await c.ok('oauth:start', {})
    expect(second.flowId).not.toBe(first.flowId)
    const superseded = eventsNamed(c, 'oauth:flow').find(f => f.flowId === first.flowId && f.step === 'failed')
    expect(superseded?.failure?.code).toBe('superseded')
    expect(await isListening(s.port)).toBe(true)
    expect(await c.ok('oauth:cancel', {})).toEqual({ cancelled: true })
    expect((await c.ok('oauth:status', {})).flow.failure?.code).toBe('cancelled')
    expect(await isListening(s.port)).toBe(false)
    // The old attempt's URL, completed late, finds no listener: nothing is exchanged.
    const late = await browse(first.authorizeUrl)
    expect(late.status).toBe(0)
    expect((await c.ok('oauth:tokens', {})).present).toBe(false)
  })

  it('shows the URL and its parameters before opening, and starts exactly that attempt', async () => {
    const { c } = await setup({ autoConsent: 'allow' })
    const preview = await c.ok('oauth:buildAuthorizeUrl', { pkce: true })
    expect(preview.params.map(p => p.name)).toEqual([
      'client_id',
      'redirect_uri',
      'response_type',
      'state',
      'code_challenge',
      'code_challenge_method',
    ])
    const started = await c.ok('oauth:start', { flowId: preview.flowId })
    expect(started.authorizeUrl).toBe(preview.authorizeUrl)
    const again = await c.ok('oauth:buildAuthorizeUrl', {})
    expect(new URL(again.authorizeUrl).searchParams.get('state')).not.toBe(new URL(preview.authorizeUrl).searchParams.get('state'))
    const page = await browse(again.authorizeUrl)
    expect(page.status).toBe(0)
    const view: TokenView = await c.ok('oauth:tokens', {})
    expect(view.present).toBe(false)
  })
})
