import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type RunningSandbox, startSandbox } from '../../../src/sandbox'
import { rawRequest } from './support/http'
import { authorizeUrl } from './support/oauth-flow'
import { admin, BASE_MS, DEMO, startTestSandbox } from './support/sandbox-fixture'

let sb: RunningSandbox
beforeAll(async () => {
  sb = await startTestSandbox()
})
afterAll(() => sb.close())

describe('server basics', () => {
  it('listens on 127.0.0.1 on a free port and serves auth_url and base_url on one origin', () => {
    expect(sb.url).toBe(`http://127.0.0.1:${sb.port}`)
    expect(sb.port).toBeGreaterThan(0)
  })

  it('answers an unknown path with 404 and the JSON error body', async () => {
    const res = await fetch(`${sb.url}/api/v2/unknown`)
    expect(res.status).toBe(404)
    expect(await res.json()).toEqual({
      status: 404,
      timestamp: new Date(BASE_MS).toISOString(),
      message: 'No such endpoint: GET /api/v2/unknown',
      details: [],
    })
  })

  it('answers a known path with the wrong method with 405 and Allow', async () => {
    const res = await fetch(`${sb.url}/oauth2/token/`)
    expect(res.status).toBe(405)
    expect(res.headers.get('allow')).toBe('POST')
    expect(((await res.json()) as { status: number }).status).toBe(405)
  })

  it('sends a Date header from the sandbox clock on every response', async () => {
    const own = await startTestSandbox()
    try {
      own.clock.advance(90 * 60_000)
      for (const path of ['/nowhere', '/_sandbox/openapi.json', '/marketplace/v2/platform-token/locations']) {
        const res = await fetch(`${own.url}${path}`)
        expect(res.headers.get('date'), path).toBe('Thu, 01 May 2025 13:30:00 GMT')
        await res.arrayBuffer()
      }
    } finally {
      await own.close()
    }
  })

  it('writes each header once on every kind of answer, the sandbox clock’s Date included', async () => {
    const own = await startTestSandbox({ limits: { defaultPerWindow: 1 } })
    try {
      own.clock.advance(90 * 60_000)
      const authorize = `/oauth2/authorize?${new URLSearchParams({ client_id: DEMO.clientId, redirect_uri: DEMO.redirectUri, response_type: 'code' })}`
      const wrongType = `/oauth2/authorize?${new URLSearchParams({ client_id: DEMO.clientId, redirect_uri: DEMO.redirectUri, response_type: 'token' })}`
      const locations = '/marketplace/v2/platform-token/locations'
      const token = { method: 'POST', path: '/oauth2/token', headers: { 'content-type': 'application/json' }, body: '{"grant_type":"x"}' }
      const answers: Array<[string, { method?: string; path: string; headers?: Record<string, string>; body?: string }, number, string[]]> =
        [
          ['login page', { path: authorize }, 200, ['content-type', 'cache-control']],
          ['error redirect', { path: wrongType }, 302, ['location', 'cache-control']],
          ['unknown path', { path: '/nowhere' }, 404, ['content-type']],
          ['wrong method', { method: 'DELETE', path: locations }, 405, ['allow']],
          [
            'no token, counted',
            { path: locations, headers: { authorization: 'Bearer nope' } },
            401,
            ['www-authenticate', 'x-ratelimit-limit'],
          ],
          ['over the limit', { path: locations, headers: { authorization: 'Bearer nope' } }, 429, ['retry-after', 'x-ratelimit-remaining']],
          ['token error', token, 401, ['cache-control', 'pragma']],
        ]
      for (const [what, input, status, expected] of answers) {
        const res = await rawRequest(own.url, input)
        expect(res.status, what).toBe(status)
        const names = res.rawHeaders.filter((_, i) => i % 2 === 0).map(n => n.toLowerCase())
        expect(
          names.filter((n, i) => names.indexOf(n) !== i),
          what,
        ).toEqual([])
        expect(names, what).toEqual(expect.arrayContaining([...expected, 'date', 'content-length']))
        expect(res.headers.date, what).toBe('Thu, 01 May 2025 13:30:00 GMT')
        expect(Number(res.headers['content-length']), what).toBe(Buffer.byteLength(res.text))
      }
      await admin(own, 'POST', '/_sandbox/faults', { path: '/nowhere', status: 503 })
      const faulted = await rawRequest(own.url, { path: '/nowhere' })
      expect([faulted.status, faulted.headers['x-sandbox-fault'], faulted.headers.date]).toEqual([
        503,
        '1',
        'Thu, 01 May 2025 13:30:00 GMT',
      ])
    } finally {
      await own.close()
    }
  })

  it('accepts the OAuth paths with and without the trailing slash', async () => {
    const params = { client_id: DEMO.clientId, redirect_uri: DEMO.redirectUri, response_type: 'code' }
    expect((await fetch(authorizeUrl(sb, params))).status).toBe(200)
    expect((await fetch(`${sb.url}/oauth2/authorize?${new URLSearchParams(params)}`)).status).toBe(200)
    for (const path of ['/oauth2/token', '/oauth2/token/']) {
      const res = await fetch(`${sb.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })
      expect(res.status, path).toBe(400)
    }
  })

  it('routes case-insensitively', async () => {
    const res = await fetch(`${sb.url}/MARKETPLACE/v2/Platform-Token/locations`)
    expect(res.status).toBe(401)
  })

  it('refuses bodies over 1 MiB with 413', async () => {
    const res = await rawRequest(sb.url, {
      method: 'POST',
      path: '/oauth2/token/',
      headers: { 'content-type': 'application/json' },
      body: 'x'.repeat(1024 * 1024 + 10),
    })
    expect(res.status).toBe(413)
    expect(res.json()).toMatchObject({ error: 'invalid_request' })
  })

  it('runs several independent sandboxes in one process', async () => {
    const a = await startTestSandbox()
    const b = await startTestSandbox()
    try {
      expect(a.port).not.toBe(b.port)
      a.clock.advance(1000)
      expect(a.clock.now()).toBe(BASE_MS + 1000)
      expect(b.clock.now()).toBe(BASE_MS)
      a.registerClient({ clientId: 'only-in-a', clientSecret: 's', redirectUris: ['http://127.0.0.1:9/cb'] })
      expect(b.clients.map(c => c.clientId)).not.toContain('only-in-a')
    } finally {
      await a.close()
      await b.close()
    }
  })

  it('frees its port on close, and close is idempotent', async () => {
    const s = await startTestSandbox()
    await Promise.all([s.close(), s.close()])
    await expect(fetch(`${s.url}/nowhere`)).rejects.toThrow()
    const again = await startTestSandbox({ port: s.port })
    expect(again.port).toBe(s.port)
    await again.close()
  })

  it('seeds the two demo clients and two demo logins by default, and only the given clients otherwise', async () => {
    expect(sb.clients.map(c => c.clientId)).toEqual(['sandbox-demo-client', 'sandbox-readonly-client'])
    expect(sb.demoLogins.map(l => l.merchantId)).toEqual(['M-1001', 'M-2002'])
    const custom = await startTestSandbox({ clients: [{ clientId: 'c', clientSecret: 's', redirectUris: ['http://127.0.0.1:1/cb'] }] })
    try {
      expect(custom.clients.map(c => c.clientId)).toEqual(['c'])
      expect(custom.clients[0]?.permissions).toEqual(['read:locations', 'write:installations'])
    } finally {
      await custom.close()
    }
  })

  it('prints a banner with URL, logins, clients and admin token unless quiet', async () => {
    const lines: string[] = []
    const loud = await startSandbox({ logger: l => lines.push(l) })
    try {
      const banner = lines[0] ?? ''
      expect(banner).toContain(loud.url)
      expect(banner).toContain('demo@globebistro.example / sandbox-demo')
      expect(banner).toContain('sandbox-demo-client / sandbox-demo-secret')
      expect(banner).toContain(loud.adminToken)
      await (await fetch(`${loud.url}/nowhere?secret=1`)).arrayBuffer()
      expect(lines.at(-1)).toMatch(/^GET \/nowhere 404 [\d.]+ms$/)
    } finally {
      await loud.close()
    }
  })
})
