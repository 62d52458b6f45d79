import fc from 'fast-check'
import type { CapturedExchange } from '../../../../src/main/engine/capture/captured-exchange'
import { hmacHex, signRequest } from '../../../../src/main/engine/signing/signer'

export const CLIENT_ID = 'doctor-client'
export const SECRET = 'doctor-secret-CANARY-5f2a'
export const REDIRECT = 'http://127.0.0.1:8765/callback'
export const BASE = 'https://api.partner.example'
export const T0 = Date.UTC(2025, 3, 28, 9, 0, 0)

interface Req {
  method?: string
  path: string
  query?: string
  headers?: Record<string, string>
  body?: string
  at: number
  duration?: number
  status?: number
  responseHeaders?: Record<string, string>
  responseBody?: string
  url?: string
  drill?: { name: string; detail: string }
}

/** Builds CapturedExchange sequences the way the capture records them (arrival order, log ids, bodies as bytes). */
export class FlowBuilder {
  readonly exchanges: CapturedExchange[] = []
  private seq = 0

  add(r: Req): CapturedExchange {
    this.seq++
    const body = Buffer.from(r.body ?? '', 'utf8')
    const resBody = Buffer.from(r.responseBody ?? '', 'utf8')
    const respondedAt = r.at + (r.duration ?? 20)
    const x: CapturedExchange = {
      logId: `log-${this.seq}`,
      seq: this.seq,
      envId: 'env-1',
      host: r.path.startsWith('/oauth2') ? 'auth' : 'base',
      client: { peerAddress: '127.0.0.1', peerPort: 50000, userAgent: 'test' },
      startedAt: r.at,
      respondedAt,
      request: {
        method: r.method ?? 'GET',
        url: r.url ?? `${BASE}${r.path}${r.query ? `?${r.query}` : ''}`,
        path: r.path,
        query: r.query ?? '',
        headers: Object.entries(r.headers ?? {}),
        body: { bytes: body, size: body.length, truncated: false },
      },
      response: {
        status: r.status ?? 200,
        headers: Object.entries({ date: new Date(respondedAt).toUTCString(), ...(r.responseHeaders ?? {}) }),
        body: { bytes: resBody, size: resBody.length, truncated: false },
      },
      error: null,
      drill: r.drill ?? null,
    }
    this.exchanges.push(x)
    return x
  }

  authorize(
    at: number,
    query = `client_id=${CLIENT_ID}&redirect_uri=${encodeURIComponent(REDIRECT)}&response_type=code&state=Zq3v9XbT0k2LmN8pQr4sWy`,
  ) {
    return this.add({ path: '/oauth2/authorize/', query, at, status: 302, responseHeaders: { location: `${REDIRECT}?code=c` } })
  }

  codeExchange(at: number, code: string, access: string, refresh: string, redirect = REDIRECT) {
    return this.add({
      method: 'POST',
      path: '/oauth2/token/',
      at,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ grant_type: 'authorization_code', code, redirect_uri: redirect, client_id: CLIENT_ID, client_secret: SECRET }),
      responseBody: JSON.stringify({
        access_token: access,
        refresh_token: refresh,
        permissions: [],
        expiration: 86400,
        token_type: 'Bearer',
      }),
    })
  }

  refresh(at: number, refresh: string, access: string | null, newRefresh: string) {
    return this.add({
      method: 'POST',
      path: '/oauth2/token/',
      at,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ grant_type: 'refresh_token', refresh_token: refresh, client_id: CLIENT_ID, client_secret: SECRET }),
      status: access === null ? 400 : 200,
      responseBody:
        access === null
          ? '{"error":"invalid_grant"}'
          : JSON.stringify({ access_token: access, refresh_token: newRefresh, permissions: [], token_type: 'Bearer' }),
    })
  }

  locations(at: number, token: string, status = 200, extra: Partial<Req> = {}) {
    return this.add({
      path: '/marketplace/v2/platform-token/locations',
      at,
      headers: { authorization: `Bearer ${token}` },
      status,
      responseBody: status === 200 ? JSON.stringify({ results: [{ id: 101001 }, { id: 101002 }], meta: {} }) : '{"status":401}',
      ...extra,
    })
  }

  install(
    at: number,
    token: string,
    body = '{"locationId":101001}',
    headers: Record<string, string> = { 'content-type': 'application/json' },
  ) {
    return this.add({
      method: 'POST',
      path: '/marketplace/v2/platform-token/installations',
      at,
      headers: { authorization: `Bearer ${token}`, ...headers },
      body,
      status: 204,
    })
  }

  /** A signed export; `sign` overrides what is signed (to make a mistake), `headers` what is sent. */
  exportTickets(
    at: number,
    opts: {
      location?: number
      path?: string
      query?: string
      timestamp?: number
      sign?: { path?: string; body?: string | null; timestamp?: number }
      headers?: Record<string, string>
      status?: number
      serverOffsetMs?: number
    } = {},
  ) {
    const path = opts.path ?? `/api/v1/export/${opts.location ?? 101001}/tickets`
    const query = opts.query ?? 'filter%5BdateTimeFrom%5D=2025-04-01&filter%5BdateTimeTo%5D=2025-04-02'
    const ts = opts.timestamp ?? Math.floor(at / 1000)
    const signed = signRequest({ clientId: CLIENT_ID, clientSecret: SECRET, method: 'GET', path, body: '', timestamp: ts })
    if (opts.sign) {
      // A mistaken client: its canonical string is built as written here, with no lowercasing or query cutting.
      const body = 'body' in opts.sign ? String(opts.sign.body) : ''
      const canonical = `${CLIENT_ID}GET${opts.sign.path ?? path.toLowerCase()}${body}${opts.sign.timestamp ?? ts}`
      signed.headers['x-signature'] = hmacHex(SECRET, canonical)
    }
    const respondedAt = at + 20
    return this.add({
      path,
      query,
      at,
      headers: { ...signed.headers, 'x-timestamp': String(ts), ...(opts.headers ?? {}) },
      status: opts.status ?? 200,
      responseHeaders: { date: new Date(respondedAt + (opts.serverOffsetMs ?? 0)).toUTCString() },
      responseBody: '{"results":[],"meta":{}}',
    })
  }

  tooMany(at: number, token: string, retryAfter: string | null) {
    return this.locations(at, token, 429, {
      responseHeaders: retryAfter === null ? {} : { 'retry-after': retryAfter },
      responseBody: '{"status":429,"message":"Rate limit exceeded","details":[]}',
    })
  }
}

/** The steps of a correct integration, with hooks to replace any step by its mistaken version. */
export interface FlowSteps {
  authorize(b: FlowBuilder, at: number): void
  exports(b: FlowBuilder, at: number): void
  onExpiry(b: FlowBuilder, at: number): void
  on429(b: FlowBuilder, at: number): void
  install(b: FlowBuilder, at: number): void
}

export const CORRECT: FlowSteps = {
  authorize: (b, at) => {
    b.authorize(at)
    b.codeExchange(at + 1000, 'code-1-abcdefghijkl', 'access-A-CANARY-0123456789', 'refresh-R-CANARY-0123456789')
  },
  install: (b, at) => {
    b.locations(at, 'access-A-CANARY-0123456789')
    b.install(at + 1000, 'access-A-CANARY-0123456789')
  },
  exports: (b, at) => {
    // Two exports in parallel in the same second: one timestamp, two paths, two signatures.
    b.exportTickets(at, { location: 101001 })
    b.exportTickets(at + 5, { location: 101002 })
  },
  onExpiry: (b, at) => {
    // Three calls in parallel meet the expired token; one refresh; each retried once with the new token.
    for (let i = 0; i < 3; i++) b.locations(at + i, 'access-A-CANARY-0123456789', 401)
    b.refresh(at + 100, 'refresh-R-CANARY-0123456789', 'access-B-CANARY-0123456789', 'refresh-R2-CANARY-0123456789')
    for (let i = 0; i < 3; i++) b.locations(at + 200 + i, 'access-B-CANARY-0123456789')
  },
  on429: (b, at) => {
    b.tooMany(at, 'access-B-CANARY-0123456789', '2')
    b.locations(at + 2_400, 'access-B-CANARY-0123456789')
  },
}

/** Runs a flow (the correct one, with some steps replaced) and returns its exchanges. */
export function flow(replace: Partial<FlowSteps> = {}): CapturedExchange[] {
  const steps = { ...CORRECT, ...replace }
  const b = new FlowBuilder()
  steps.authorize(b, T0)
  steps.install(b, T0 + 5_000)
  steps.exports(b, T0 + 10_000)
  steps.onExpiry(b, T0 + 20_000)
  steps.on429(b, T0 + 30_000)
  return b.exchanges
}

const PATHS = [
  '/oauth2/authorize/',
  '/oauth2/token',
  '/marketplace/v2/platform-token/locations',
  '/marketplace/v2/platform-token/installations/',
  '/API/v1/Locations',
  '/api/v1/export/101001/tickets',
  '/api/v1/other',
  '/_sandbox/clock',
]
const QUERIES = [
  '',
  'state=abc&response_type=code&redirect_uri=http%3A%2F%2Fexample.com%2Fcb',
  'access_token=x',
  'filter[dateTimeFrom]=2025-04-01',
]
const BODIES = ['', '{"locationId":101001}', 'grant_type=refresh_token&refresh_token=r1', '{"grant_type":"authorization_code","code":"c1"}']

/** One exchange of any kind: any endpoint, method, status, credentials and body, signed or not. */
export const anyExchange = fc.record({
  path: fc.constantFrom(...PATHS),
  method: fc.constantFrom('GET', 'POST', 'get'),
  query: fc.constantFrom(...QUERIES),
  body: fc.constantFrom(...BODIES),
  status: fc.constantFrom(200, 201, 302, 401, 429, 503),
  bearer: fc.constantFrom(null, 'access-A-0123456789abcdef', 'access-B-0123456789abcdef'),
  signature: fc.constantFrom(null, 'a'.repeat(64), 'B'.repeat(64)),
  retryAfter: fc.constantFrom(null, '0', '2'),
  gapMs: fc.integer({ min: 0, max: 70_000 }),
})

/** The exchanges of steps drawn from `anyExchange`, as the capture would record them. */
export function trafficOf(steps: Array<typeof anyExchange extends fc.Arbitrary<infer S> ? S : never>): CapturedExchange[] {
  const b = new FlowBuilder()
  let at = T0
  for (const s of steps) {
    at += s.gapMs
    const headers: Record<string, string> = {}
    if (s.bearer) headers.authorization = `Bearer ${s.bearer}`
    if (s.signature)
      Object.assign(headers, { 'x-signature': s.signature, 'x-timestamp': String(Math.floor(at / 1000)), 'x-access-key': CLIENT_ID })
    if (s.body !== '') headers['content-type'] = s.body.startsWith('{') ? 'application/json' : 'application/x-www-form-urlencoded'
    b.add({
      path: s.path,
      method: s.method,
      query: s.query,
      body: s.body,
      headers,
      at,
      status: s.status,
      responseHeaders: s.retryAfter === null ? {} : { 'retry-after': s.retryAfter },
      responseBody: s.path.includes('locations') ? '{"results":[{"id":101001}]}' : '{"access_token":"access-B-0123456789abcdef"}',
    })
  }
  return b.exchanges
}
