import { createServer, request, type Server } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { quotaKey } from '../../../src/main/engine/quota/quota-key'
import { type StandaloneCapture, standaloneCapture } from '../../support/standalone-capture'

/**
 * Captured exchanges feed the quota tracker under the key the server counts them by: the environment's client for
 * a bearer call, the x-access-key of a signed one, and the path as a URL resolves it (dot segments, escaped dots,
 * case and trailing slashes), with the server's X-RateLimit-Remaining as the key's last word.
 */
let upstream: Server
let c: StandaloneCapture
let base: string
let remaining = 1000

beforeAll(async () => {
  upstream = createServer((req, res) => {
    req.resume()
    remaining -= 1
    res.writeHead(200, {
      'content-type': 'application/json',
      date: new Date().toUTCString(),
      'x-ratelimit-limit': '1000',
      'x-ratelimit-remaining': String(remaining),
    })
    res.end('{"results":[]}')
  })
  await new Promise<void>(r => upstream.listen(0, '127.0.0.1', r))
  const url = `http://127.0.0.1:${(upstream.address() as { port: number }).port}`
  c = await standaloneCapture({ authUrl: url, baseUrl: url, clientId: 'quota-client' })
  const status = await c.capture.start({ mode: 'gateway' })
  base = new URL(status.gateway?.baseUrl as string).origin
})
afterAll(async () => {
  await c?.close()
  upstream?.closeAllConnections()
  await new Promise(r => upstream?.close(r))
})

/** One GET with the target sent exactly as written (fetch would resolve its dot segments before sending). */
function call(target: string, headers: Record<string, string>): Promise<number> {
  const before = remaining
  return new Promise((resolve, reject) => {
    const url = new URL(base)
    const req = request({ host: url.hostname, port: url.port, path: target, headers }, res => {
      res.resume()
      res.on('end', () => (res.statusCode === 200 ? resolve(before - 1) : reject(new Error(`${target}: ${res.statusCode}`))))
    })
    req.on('error', reject)
    req.end()
  })
}

describe('captured exchanges and the quota', () => {
  it('count under the key the server counts by, whatever spelling of the path the client sent', async () => {
    const bearer = { authorization: 'Bearer captured-quota-token-0123456789' }
    const cases: Array<[string, Record<string, string>, string, string]> = [
      ['/api/v1/locations', bearer, 'quota-client', '/api/v1/locations'],
      ['/api/v1/Locations/?page=2', bearer, 'quota-client', '/api/v1/locations'],
      ['/api/v1/tickets/../locations', bearer, 'quota-client', '/api/v1/locations'],
      ['/api/v1/%2E%2e/v1/export/7/tickets', bearer, 'quota-client', '/api/v1/export/7/tickets'],
      ['/api/v1/./orders', { 'x-access-key': 'other-client', 'x-signature': 'sig' }, 'other-client', '/api/v1/orders'],
      ['/public/ping', {}, 'anonymous', '/public/ping'],
    ]
    // Observers (the doctor) get the key the exchange was counted under with it.
    let handed: unknown
    const stop = c.capture.observe(x => {
      handed = x.quotaKey
    })
    for (const [target, headers, clientId, path] of cases) {
      const expected = await call(target, headers)
      const state = c.layer.quota.state(quotaKey(clientId, 'GET', path))
      expect(state.serverRemaining, target).toBe(expected)
      expect(state.lastStatus, target).toBe(200)
      expect(handed, target).toEqual(quotaKey(clientId, 'GET', path))
    }
    stop()
    // The plain spelling and its two variants are one key: three sends counted.
    expect(c.layer.quota.state(quotaKey('quota-client', 'GET', '/api/v1/locations')).used).toBe(3)
  })
})
