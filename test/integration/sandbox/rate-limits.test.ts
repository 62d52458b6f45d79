import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RunningSandbox } from '../../../src/sandbox'
import { specSignature } from './support/hmac'
import { rawRequest } from './support/http'
import { bearerGet, obtainTokens, postToken } from './support/oauth-flow'
import { admin, BASE_MS, DEMO, READONLY, startTestSandbox } from './support/sandbox-fixture'

const LOCATIONS = '/marketplace/v2/platform-token/locations'

function quota(res: Response) {
  return {
    limit: res.headers.get('x-ratelimit-limit'),
    remaining: res.headers.get('x-ratelimit-remaining'),
    retryAfter: res.headers.get('retry-after'),
  }
}

describe('rate limits (section 8), default 100 per rolling hour', () => {
  let sb: RunningSandbox
  let token: string
  beforeAll(async () => {
    sb = await startTestSandbox()
    token = (await obtainTokens(sb)).access_token
  })
  afterAll(() => sb.close())

  it('counts 100 requests down to 0 and answers the 101st with 429, headers and the 2.6 body', async () => {
    for (let i = 1; i <= 100; i++) {
      const res = await bearerGet(sb, LOCATIONS, token)
      expect(res.status).toBe(200)
      expect(quota(res)).toEqual({ limit: '100', remaining: String(100 - i), retryAfter: null })
      await res.arrayBuffer()
    }
    const res = await bearerGet(sb, LOCATIONS, token)
    expect(res.status).toBe(429)
    expect(quota(res)).toEqual({ limit: '100', remaining: '0', retryAfter: '3600' })
    expect(await res.json()).toEqual({
      status: 429,
      timestamp: new Date(BASE_MS).toISOString(),
      message: `Rate limit exceeded: 100 requests per 3600 seconds for GET ${LOCATIONS}`,
      details: [],
    })
  })

  it('keys the quota by path and by client: other paths and clients are unaffected', async () => {
    const other = await bearerGet(sb, '/api/v1/locations/', token)
    expect(other.status).toBe(200)
    expect(quota(other).remaining).toBe('99')
    const ro = (await obtainTokens(sb, READONLY)).access_token
    const roRes = await bearerGet(sb, LOCATIONS, ro)
    expect(roRes.status).toBe(200)
    expect(quota(roRes).remaining).toBe('99')
  })

  it('refuses over-quota calls before checking the token (an expired token still gets 429)', async () => {
    await admin(sb, 'POST', '/_sandbox/tokens/expire', { token })
    const res = await bearerGet(sb, LOCATIONS, token)
    expect(res.status).toBe(429)
  })

  it('replenishes as the window rolls past the oldest request (sandbox clock)', async () => {
    const fresh = (await obtainTokens(sb)).access_token
    sb.clock.advance(3599_000)
    const still = await bearerGet(sb, LOCATIONS, fresh)
    expect(still.status).toBe(429)
    expect(quota(still).retryAfter).toBe('1')
    sb.clock.advance(1_000)
    const res = await bearerGet(sb, LOCATIONS, fresh)
    expect(res.status).toBe(200)
    expect(quota(res)).toEqual({ limit: '100', remaining: '99', retryAfter: null })
  })
})

describe('Retry-After and bookkeeping', () => {
  it('is the ceiling of the seconds until the oldest counted request leaves the window', async () => {
    const sb = await startTestSandbox({ limits: { defaultPerWindow: 3 } })
    try {
      const token = (await obtainTokens(sb)).access_token
      for (const step of [0, 100_000, 100_000]) {
        sb.clock.advance(step)
        expect((await bearerGet(sb, LOCATIONS, token)).status).toBe(200)
      }
      sb.clock.advance(100_000) // t = 300 s
      const first = await bearerGet(sb, LOCATIONS, token)
      expect(first.status).toBe(429)
      expect(quota(first)).toEqual({ limit: '3', remaining: '0', retryAfter: '3300' })
      sb.clock.advance(3299_500) // t = 3599.5 s
      expect(quota(await bearerGet(sb, LOCATIONS, token)).retryAfter).toBe('1')
      sb.clock.advance(500) // t = 3600 s: the t=0 request leaves the window
      const back = await bearerGet(sb, LOCATIONS, token)
      expect(back.status).toBe(200)
      expect(quota(back).remaining).toBe('0')
      const next = await bearerGet(sb, LOCATIONS, token)
      expect(quota(next).retryAfter).toBe('100')
      const usage = (await admin(sb, 'GET', '/_sandbox/quotas')).body as { quotas: Array<{ path: string; used: number }> }
      expect(usage.quotas.find(q => q.path === LOCATIONS)?.used).toBe(3)
    } finally {
      await sb.close()
    }
  })

  it('puts quota headers on error responses once the client is identified (token, access key, client_id)', async () => {
    const sb = await startTestSandbox()
    try {
      const t = await obtainTokens(sb)
      await admin(sb, 'POST', '/_sandbox/tokens/expire', {})
      const expired = await bearerGet(sb, LOCATIONS, t.access_token)
      expect(expired.status).toBe(401)
      expect(quota(expired)).toMatchObject({ limit: '100', remaining: '99' })
      const ts = BASE_MS / 1000
      const badSig = await rawRequest(sb.url, {
        path: '/api/v1/export/101001/tickets',
        headers: { 'x-access-key': DEMO.clientId, 'x-timestamp': String(ts), 'x-signature': '0'.repeat(64) },
      })
      expect(badSig.status).toBe(401)
      expect(badSig.headers['x-ratelimit-remaining']).toBe('99')
      const path = '/api/v1/export/101001/tickets'
      const good = await rawRequest(sb.url, {
        path: `${path}?filter[dateTimeFrom]=2025-01-01&filter[dateTimeTo]=2025-01-01`,
        headers: {
          'x-access-key': DEMO.clientId,
          'x-timestamp': String(ts),
          'x-signature': specSignature({ clientId: DEMO.clientId, secret: DEMO.secret, method: 'GET', path, timestamp: ts }),
        },
      })
      expect(good.status).toBe(200)
      expect(good.headers['x-ratelimit-remaining']).toBe('98')
      const tokenErr = await postToken(sb, { grant_type: 'nope', client_id: DEMO.clientId, client_secret: DEMO.secret })
      expect(tokenErr.res.status).toBe(400)
      expect(quota(tokenErr.res)).toMatchObject({ limit: '100', remaining: String(100 - 2) })
    } finally {
      await sb.close()
    }
  })

  it('counts unidentified requests per caller address, or not at all when switched off', async () => {
    const counting = await startTestSandbox()
    const skipping = await startTestSandbox({ limits: { countUnidentified: false } })
    try {
      const a = await fetch(`${counting.url}${LOCATIONS}`)
      expect(a.status).toBe(401)
      expect(quota(a)).toMatchObject({ limit: '100', remaining: '99' })
      const usage = (await admin(counting, 'GET', '/_sandbox/quotas')).body as { quotas: Array<{ clientId: string }> }
      expect(usage.quotas.map(q => q.clientId)).toEqual(['anonymous:127.0.0.1'])
      const b = await fetch(`${skipping.url}${LOCATIONS}`)
      expect(b.status).toBe(401)
      expect(quota(b)).toEqual({ limit: null, remaining: null, retryAfter: null })
    } finally {
      await counting.close()
      await skipping.close()
    }
  })

  it('has the section 8 table: 500 for the POS paths, 100 for everything else', async () => {
    const sb = await startTestSandbox()
    try {
      const effective = async (method: string, path: string) =>
        (
          (await admin(sb, 'GET', `/_sandbox/quotas/effective?method=${method}&path=${encodeURIComponent(path)}`)).body as {
            limit: number
          }
        ).limit
      expect(await effective('GET', '/pos/v2/1234/checks')).toBe(500)
      expect(await effective('POST', '/pos/v2/1234/checks/77/payments')).toBe(500)
      expect(await effective('POST', '/pos/v2/lookup/tickets')).toBe(500)
      expect(await effective('GET', '/pos/v2/lookup/tickets')).toBe(100)
      expect(await effective('POST', '/online-ordering/v2/orders')).toBe(500)
      expect(await effective('GET', LOCATIONS)).toBe(100)
      expect(await effective('GET', '/api/v1/export/101001/tickets')).toBe(100)
      const state = (await admin(sb, 'GET', '/_sandbox/state')).body as { limits: { overrides: Array<{ source: string }> } }
      expect(state.limits.overrides.filter(o => o.source === 'spec')).toHaveLength(4)
    } finally {
      await sb.close()
    }
  })

  it('applies limits from options and from the operator, and resets counts', async () => {
    const sb = await startTestSandbox({ limits: { overrides: [{ pathPattern: '/api/v1/locations', limit: 7 }] } })
    try {
      const token = (await obtainTokens(sb)).access_token
      expect(quota(await bearerGet(sb, '/api/v1/locations/', token)).limit).toBe('7')
      const set = await admin(sb, 'POST', '/_sandbox/quotas/limit', { limit: 2, method: 'get', path: LOCATIONS })
      expect(set.status).toBe(200)
      expect((set.body as { overrides: Array<{ source: string; limit: number }> }).overrides[0]).toMatchObject({
        source: 'operator',
        limit: 2,
      })
      expect(quota(await bearerGet(sb, LOCATIONS, token))).toMatchObject({ limit: '2', remaining: '1' })
      expect(quota(await bearerGet(sb, LOCATIONS, token)).remaining).toBe('0')
      expect((await bearerGet(sb, LOCATIONS, token)).status).toBe(429)
      expect((await admin(sb, 'POST', '/_sandbox/quotas/reset')).body).toEqual({ ok: true })
      expect(quota(await bearerGet(sb, LOCATIONS, token)).remaining).toBe('1')
      await admin(sb, 'POST', '/_sandbox/quotas/limit', { limit: 50 })
      expect(quota(await bearerGet(sb, '/marketplace/v2/platform-token/installations', token)).limit).toBe(null)
      const install = await fetch(`${sb.url}/marketplace/v2/platform-token/installations`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: '{"locationId":101001}',
      })
      expect(quota(install).limit).toBe('50')
    } finally {
      await sb.close()
    }
  })

  it('answers a key already counting with the limit the operator set since, in X-RateLimit-Limit and -Remaining', async () => {
    const sb = await startTestSandbox()
    try {
      const token = (await obtainTokens(sb)).access_token
      expect(quota(await bearerGet(sb, LOCATIONS, token))).toMatchObject({ limit: '100', remaining: '99' })
      expect(quota(await bearerGet(sb, LOCATIONS, token))).toMatchObject({ limit: '100', remaining: '98' })
      expect((await admin(sb, 'POST', '/_sandbox/quotas/limit', { limit: 5, method: 'GET', path: LOCATIONS })).status).toBe(200)
      expect(quota(await bearerGet(sb, LOCATIONS, token))).toMatchObject({ limit: '5', remaining: '2' })
      expect((await admin(sb, 'POST', '/_sandbox/quotas/limit', { limit: 200, method: 'GET', path: LOCATIONS })).status).toBe(200)
      expect(quota(await bearerGet(sb, LOCATIONS, token))).toMatchObject({ limit: '200', remaining: '196' })
    } finally {
      await sb.close()
    }
  })

  it('keeps memory bounded: at most `limit` timestamps per key and at most maxKeys keys', async () => {
    const sb = await startTestSandbox({ limits: { defaultPerWindow: 3, maxKeys: 2 } })
    try {
      const token = (await obtainTokens(sb)).access_token
      for (let i = 0; i < 20; i++) await (await bearerGet(sb, LOCATIONS, token)).arrayBuffer()
      await (await bearerGet(sb, '/api/v1/locations', token)).arrayBuffer()
      const usage = (await admin(sb, 'GET', '/_sandbox/quotas')).body as { quotas: Array<{ path: string; used: number }> }
      expect(usage.quotas).toHaveLength(2)
      expect(usage.quotas.find(q => q.path === LOCATIONS)?.used).toBe(3)
      expect(usage.quotas.some(q => q.path === '/oauth2/token')).toBe(false)
    } finally {
      await sb.close()
    }
  })
})
