import type { IncomingMessage, ServerResponse } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { HttpExchangeView } from '../../../src/shared/contract'
import { authorize, startLoopback, startTestConsole, type TestConsole } from '../requests/support'

/**
 * The console keeps working when the server, the network or the clock misbehaves: every fault below answers with a
 * clear result or a typed error saying what happened and what to do, the next request works, and nothing already in
 * the network log is lost. Runs one console through all of them in sequence, as a user's session would.
 */
describe('faults: a misbehaving server, network and clock', () => {
  let c: TestConsole
  let bad: { url: string; close(): Promise<void> }
  let deadPort: string

  const FIFTY_MB = 50 * 1024 * 1024
  const handler = (req: IncomingMessage, res: ServerResponse) => {
    const path = (req.url ?? '').split('?')[0]
    if (path === '/reset') {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': '100000' })
      // Closed once the part is handed to the kernel (the write's callback says when): the client gets it, then the end.
      res.write('{"partial":', () => req.socket.destroy())
    } else if (path === '/hang') {
      // never answers
    } else if (path === '/500') {
      res.writeHead(500, { 'content-type': 'text/plain' })
      res.end('upstream exploded')
    } else if (path === '/html') {
      res.writeHead(200, { 'content-type': 'application/json' })
      res.end('<html>not json</html>')
    } else if (path === '/huge') {
      res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': String(FIFTY_MB) })
      const chunk = Buffer.alloc(1024 * 1024, 0x41)
      let sent = 0
      const pump = () => {
        while (sent < FIFTY_MB) {
          sent += chunk.length
          if (!res.write(chunk)) return void res.once('drain', pump)
        }
        res.end()
      }
      pump()
    } else if (path === '/bad-limits') {
      res.writeHead(429, {
        'content-type': 'application/json',
        'x-ratelimit-limit': 'lots',
        'x-ratelimit-remaining': '-7',
        'retry-after': '9'.repeat(400),
        ratelimit: 'garbage;;;=',
      })
      res.end('{"status":429,"message":"slow down","details":[]}')
    } else if (path === '/date-off') {
      res.writeHead(200, { 'content-type': 'application/json', date: new Date(Date.now() + 30_000).toUTCString() })
      res.end('{}')
    } else if (path === '/always-401') {
      res.writeHead(401, { 'content-type': 'application/json' })
      res.end('{"status":401,"message":"token refused","details":[]}')
    } else {
      res.writeHead(200, { 'content-type': 'application/json' })
      res.end('{"ok":true}')
    }
  }

  beforeAll(async () => {
    c = await startTestConsole()
    bad = await startLoopback(handler)
    const closed = await startLoopback(() => {})
    deadPort = closed.url
    await closed.close()
    await authorize(c)
  })

  afterAll(async () => {
    await bad?.close()
    await c?.close()
  })

  const send = (path: string, extra: Record<string, unknown> = {}) =>
    c.call('http:send', { method: 'GET', path: path.startsWith('http') ? path : `${bad.url}${path}`, timeoutMs: 3000, ...extra })
  const logged = async () => (await c.ok('log:list', { limit: 500 })).entries.length
  const stillWorks = async () => {
    const r = await c.ok('http:listLocations', {})
    expect(r.locations.length).toBeGreaterThan(0)
  }

  it('connection refused → a network error naming the address, then the console goes on', async () => {
    const r = await send(`${deadPort}/x`)
    expect(r).toMatchObject({ ok: false, error: { code: 'network' } })
    if (!r.ok) expect(`${r.error.message} ${r.error.hint ?? ''}`).toMatch(/refused|ECONNREFUSED|reach/i)
    await stillWorks()
  })

  it('reset mid-body → the partial response is kept and marked incomplete', async () => {
    const r = await send('/reset')
    if (r.ok) expect(r.value.incomplete).toBeTruthy()
    else expect(['network', 'server_error']).toContain(r.error.code)
    await stillWorks()
  })

  it('a server that stops responding → a timeout that says how long it waited', async () => {
    const r = await send('/hang', { timeoutMs: 400 })
    expect(r).toMatchObject({ ok: false, error: { code: 'timeout' } })
    await stillWorks()
  })

  it('5xx and non-JSON bodies are shown as they are', async () => {
    const five = await c.ok('http:send', { method: 'GET', path: `${bad.url}/500` })
    expect(five.status).toBe(500)
    expect(five.body).toContain('upstream exploded')
    const html = await c.ok('http:send', { method: 'GET', path: `${bad.url}/html` })
    expect(html.bodyKind).toBe('invalid-json')
    expect(html.jsonError).toBeTruthy()
    expect(html.body).toContain('<html>')
  })

  it('a 50 MB body is counted but kept within the cap', async () => {
    const r = await c.ok('http:send', { method: 'GET', path: `${bad.url}/huge`, timeoutMs: 60_000 })
    expect(r.bodyBytes).toBe(FIFTY_MB)
    expect(r.truncated).toBe(true)
    expect(r.keptBytes).toBeLessThanOrEqual(1024 * 1024 + 1024)
  }, 90_000)

  it('malformed and huge rate-limit headers do not break quota tracking', async () => {
    const r = await c.ok('http:send', { method: 'GET', path: `${bad.url}/bad-limits` })
    expect(r.status).toBe(429)
    const quotas = await c.ok('quota:list', {})
    for (const key of quotas.keys) {
      expect(Number.isFinite(key.limit ?? 0)).toBe(true)
      if (key.retryAfterUntil) expect(Number.isNaN(Date.parse(key.retryAfterUntil))).toBe(false)
    }
    await stillWorks()
  })

  it('a Date header 30 s off raises the clock-skew warning', async () => {
    for (let i = 0; i < 3; i++) await c.ok('http:send', { method: 'GET', path: `${bad.url}/date-off` })
    const skew = await c.ok('signing:skew', {})
    expect(skew.estimate?.level).toBe('danger')
    expect(Math.abs((skew.estimate?.offsetMs ?? 0) - 30_000)).toBeLessThan(2_500)
  })

  it('a 401 storm makes exactly one refresh, never a loop, and each call says why it failed', async () => {
    const tokenCalls = async () => (await c.ok('log:list', { limit: 500, text: '/oauth2/token' })).entries.length
    const before = await tokenCalls()
    const results = await Promise.all(
      Array.from({ length: 20 }, () => c.call('http:send', { method: 'GET', path: `${bad.url}/always-401`, auth: 'bearer' })),
    )
    for (const r of results) {
      if (r.ok) {
        expect((r.value as HttpExchangeView).status).toBe(401)
        expect((r.value as HttpExchangeView).attempts).toBeLessThanOrEqual(2)
      } else expect(['unauthorized', 'server_error']).toContain(r.error.code)
    }
    // One shared refresh for all twenty (single-flight); the retried calls are refused again and surfaced, not refreshed.
    expect((await tokenCalls()) - before).toBe(1)
  })

  it('nothing already logged was lost along the way, and the console still works', async () => {
    const count = await logged()
    // authorize (token call) + every request above + the listings that proved the console still worked
    expect(count).toBeGreaterThanOrEqual(1 + 1 + 1 + 1 + 2 + 1 + 1 + 3 + 20 + 5)
    await stillWorks()
    expect(await logged()).toBe(count + 1)
  })
})
