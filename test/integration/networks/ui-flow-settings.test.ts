import { afterEach, describe, expect, it } from 'vitest'
import { findFreePort } from '../../../src/main/runtime/free-port'
import { ensureSandboxTls, startSandbox } from '../../../src/sandbox'
import { eventOf, removeDir, startConsole } from '../auth/auth-harness'
import { startForwardProxy } from './proxy-server'
import { tempDir } from './support'

const cleanups: Array<() => Promise<unknown>> = []
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c()
})

describe('the UI flow behind an authenticating proxy with a private CA, with the environment’s settings alone', () => {
  it('authorizes, lists locations, and every exchange says which proxy carried it; the password never shows', async () => {
    const tmp = await tempDir()
    cleanups.push(tmp.cleanup)
    const tls = await ensureSandboxTls(tmp.dir)
    const redirectUri = `http://127.0.0.1:${await findFreePort()}/callback`
    const client = { clientId: 'ui-client', clientSecret: 'ui-client-secret-3c1d', redirectUris: [redirectUri] }
    const sandbox = await startSandbox({ quiet: true, autoConsent: 'allow', clients: [client], tls: { cert: tls.cert, key: tls.key } })
    cleanups.push(() => sandbox.close())
    const password = 'ui-proxy-password-9f8e'
    const proxy = await startForwardProxy({ credentials: { username: 'bob', password } })
    cleanups.push(() => proxy.close())
    const c = await startConsole()
    cleanups.push(() => removeDir(c.dataDir))
    cleanups.push(() => c.close())
    // What the environments form sends.
    const env = await c.ok('environments:create', {
      settings: {
        name: 'Partner behind a proxy',
        authUrl: sandbox.url,
        baseUrl: sandbox.url,
        clientId: client.clientId,
        redirectUri,
        network: { caFiles: [tls.caFile], proxyMode: 'url', proxyUrl: proxy.url, proxyUsername: 'bob' },
      },
      clientSecret: client.clientSecret,
      networkSecrets: { proxyPassword: password },
      acceptUnprotectedStorage: true,
    })
    await c.ok('environments:setActive', { id: env.id })
    const start = await c.ok('oauth:start', { envId: env.id })
    // The system browser: it trusts the sandbox's CA in the operating system store (here: undici with that CA).
    const { Agent, fetch } = await import('undici')
    const browser = new Agent({ connect: { ca: tls.ca } })
    cleanups.push(() => browser.close())
    const hop = await fetch(start.authorizeUrl, { redirect: 'manual', dispatcher: browser })
    await hop.arrayBuffer()
    await (await fetch(hop.headers.get('location') ?? '', { redirect: 'manual' })).arrayBuffer()
    const flow = await eventOf(c, 'oauth:flow', f => f.step === 'done' || f.step === 'failed')
    expect(flow.failure ?? null).toBeNull()
    const locations = await c.ok('http:send', { method: 'GET', path: '/marketplace/v2/platform-token/locations', auth: 'bearer' })
    expect(locations.status).toBe(200)
    expect(locations.connection).toMatchObject({ proxy: proxy.url, proxySource: 'environment' })
    expect(locations.connection?.tls?.trustedBy).toBe(`CA file ${tls.caFile}`)
    const log = await c.ok('log:list', {})
    expect(log.entries.map(e => e.purpose)).toEqual(expect.arrayContaining(['oauth-token', 'api']))
    for (const entry of log.entries) {
      const detail = await c.ok('log:get', { id: entry.id })
      expect(detail.connection?.proxy).toBe(proxy.url)
    }
    expect(proxy.connects.length).toBeGreaterThan(0)
    const har = await c.ok('log:saveHar', {})
    expect(JSON.stringify(har) + JSON.stringify(c.events)).not.toContain(password)
  })
})
