import { describe, expect, it } from 'vitest'
import { DEFAULT_PATHS, type ResolvedEnvironment } from '../../../../src/main/engine/core/ports'
import { decodeBody } from '../../../../src/main/engine/http/body-text'
import { computeTimings } from '../../../../src/main/engine/http/phase-timings'
import { prepareHeaders } from '../../../../src/main/engine/http/request-headers'
import { retryDelayMs } from '../../../../src/main/engine/http/retry-policy'
import { resolveRequestUrl } from '../../../../src/main/engine/http/target-url'
import { fillPath } from '../../../../src/shared/spec'

describe('reading response bodies', () => {
  it('shows JSON, broken JSON with the parser’s message, and non-JSON as they are', () => {
    expect(decodeBody(Buffer.from('{"a":1}'), 'application/json', false)).toEqual({ text: '{"a":1}', kind: 'json' })
    const broken = decodeBody(Buffer.from('{"a":'), 'application/json; charset=utf-8', false)
    expect(broken.kind).toBe('invalid-json')
    expect(broken.text).toBe('{"a":')
    expect(broken.jsonError).toMatch(/JSON/)
    expect(decodeBody(Buffer.from('<h1>Bad gateway</h1>'), 'text/html', false)).toEqual({ text: '<h1>Bad gateway</h1>', kind: 'text' })
    expect(decodeBody(Buffer.from('{oops'), 'text/plain', false).kind).toBe('text')
    expect(decodeBody(Buffer.alloc(0), 'application/json', false).kind).toBe('empty')
    expect(decodeBody(Buffer.from([0x89, 0x50, 0x00, 0x01]), null, false)).toEqual({ text: '', kind: 'binary' })
    expect(decodeBody(Buffer.from('{"a":[1,2'), 'application/json', true).jsonError).toContain('cut at the size cap')
  })

  it('uses the declared charset', () => {
    expect(decodeBody(Buffer.from([0x63, 0x61, 0x66, 0xe9]), 'text/plain; charset=iso-8859-1', false).text).toBe('café')
  })
})

describe('phase timings', () => {
  it('never overlap: each ≥ 0, their sum ≤ total, connect phases only on a fresh connection', () => {
    const fresh = computeTimings({
      start: 0,
      socket: { start: 1, dnsEnd: 3, tcpEnd: 4, tlsEnd: 9, claimed: true },
      socketReady: 9.5,
      sent: 10,
      headers: 20,
      end: 25,
    })
    expect(fresh).toEqual({ blocked: 1, dns: 2, connect: 1, tls: 5, send: 0.5, wait: 10, receive: 5, total: 25, reusedConnection: false })
    const reused = computeTimings({ start: 0, socketReady: 0.2, sent: 0.3, headers: 1, end: 1.1 })
    expect(reused).toMatchObject({ dns: null, connect: null, tls: null, reusedConnection: true })
    for (const t of [fresh, reused]) {
      const sum = t.blocked + (t.dns ?? 0) + (t.connect ?? 0) + (t.tls ?? 0) + t.send + t.wait + t.receive
      expect(sum).toBeLessThanOrEqual(t.total + 1e-9)
    }
    const failedEarly = computeTimings({ start: 0, end: 5 })
    expect(failedEarly).toMatchObject({ blocked: 5, send: 0, wait: 0, receive: 0, total: 5 })
  })
})

describe('retry backoff', () => {
  it('waits at least what the server asked, grows exponentially and adds bounded jitter', () => {
    expect(retryDelayMs(0, 0, () => 0)).toBe(1000)
    expect(retryDelayMs(2, 0, () => 0)).toBe(4000)
    expect(retryDelayMs(0, 30_000, () => 0)).toBe(30_000)
    expect(retryDelayMs(0, 0, () => 1)).toBe(1250)
    expect(retryDelayMs(5, 0, () => 1)).toBe(32_000 + 2000)
  })
})

describe('request targets and headers', () => {
  const env: ResolvedEnvironment = {
    id: 'e',
    name: 'E',
    builtIn: false,
    authUrl: 'https://auth.example.com',
    baseUrl: 'https://api.example.com/prefix/',
    clientId: 'c',
    clientSecret: 's',
    redirectUri: 'http://127.0.0.1:1/cb',
    paths: DEFAULT_PATHS,
  }

  it('resolves paths against base_url or auth_url, keeps absolute URLs, refuses other schemes', () => {
    expect(resolveRequestUrl(env, 'api', '/x?y=1#frag').href).toBe('https://api.example.com/prefix/x?y=1')
    expect(resolveRequestUrl(env, 'auth', 'oauth2/token/').href).toBe('https://auth.example.com/oauth2/token/')
    expect(resolveRequestUrl(null, 'api', 'http://127.0.0.1:9/a').href).toBe('http://127.0.0.1:9/a')
    expect(() => resolveRequestUrl(env, 'api', 'file:///etc/passwd')).toThrow(/Only http and https/)
    expect(() => resolveRequestUrl(null, 'api', '/x')).toThrow(/no active environment/)
    expect(fillPath(DEFAULT_PATHS.exportTickets, { locationId: 7 })).toBe('/api/v1/export/7/tickets')
  })

  it('lower-cases names, adds User-Agent, Accept and a Content-Type for a body without one, saying so', () => {
    const { headers, notes } = prepareHeaders({ 'X-Trace': '1', Host: 'evil' }, '{"a":1}')
    expect(headers).toEqual({ 'x-trace': '1', 'user-agent': 'partner-api-console', accept: '*/*', 'content-type': 'application/json' })
    expect(notes).toHaveLength(2)
    expect(prepareHeaders({}, 'hello').headers['content-type']).toBe('text/plain; charset=utf-8')
  })
})
