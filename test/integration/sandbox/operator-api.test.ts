import { createHash } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RunningSandbox } from '../../../src/sandbox'
import { bearerGet, obtainTokens, walkConsent } from './support/oauth-flow'
import { admin, BASE_MS, startTestSandbox } from './support/sandbox-fixture'

const LOCATIONS = '/marketplace/v2/platform-token/locations'
const sha8 = (v: string) => createHash('sha256').update(v).digest('hex').slice(0, 8)

let sb: RunningSandbox
beforeAll(async () => {
  sb = await startTestSandbox({ adminToken: 'op-secret' })
})
afterAll(() => sb.close())

const ADMIN_ROUTES: Array<[string, string]> = [
  ['GET', '/_sandbox/state'],
  ['POST', '/_sandbox/clock'],
  ['POST', '/_sandbox/tokens/expire'],
  ['POST', '/_sandbox/tokens/revoke'],
  ['GET', '/_sandbox/quotas'],
  ['GET', '/_sandbox/quotas/effective'],
  ['POST', '/_sandbox/quotas/reset'],
  ['POST', '/_sandbox/quotas/limit'],
  ['GET', '/_sandbox/faults'],
  ['POST', '/_sandbox/faults'],
  ['DELETE', '/_sandbox/faults'],
  ['GET', '/_sandbox/installations'],
  ['DELETE', '/_sandbox/installations'],
  ['GET', '/_sandbox/clients'],
  ['POST', '/_sandbox/clients'],
]

describe('operator API guard', () => {
  it('answers 401 on every operator route without the admin token or with a wrong one', async () => {
    expect(sb.adminToken).toBe('op-secret')
    for (const [method, path] of ADMIN_ROUTES) {
      const none = await fetch(`${sb.url}${path}`, { method })
      expect(none.status, `${method} ${path}`).toBe(401)
      expect(((await none.json()) as { message: string }).message).toMatch(/x-sandbox-admin-token/)
      const wrong = await fetch(`${sb.url}${path}`, { method, headers: { 'x-sandbox-admin-token': 'op-secreT' } })
      expect(wrong.status, `${method} ${path}`).toBe(401)
      await wrong.arrayBuffer()
    }
  })

  it('generates a random admin token when none is given', async () => {
    const a = await startTestSandbox()
    const b = await startTestSandbox()
    try {
      expect(a.adminToken).toMatch(/^sbx_admin_[\w-]{20,}$/)
      expect(a.adminToken).not.toBe(b.adminToken)
      expect((await admin(a, 'GET', '/_sandbox/state')).status).toBe(200)
    } finally {
      await a.close()
      await b.close()
    }
  })

  it('answers 400 with a message for bad operator bodies', async () => {
    for (const [path, body] of [
      ['/_sandbox/clock', {}],
      ['/_sandbox/clock', { set: 'yesterday' }],
      ['/_sandbox/tokens/revoke', {}],
      ['/_sandbox/quotas/limit', { limit: -1 }],
      ['/_sandbox/faults', { path: 'no-slash', status: 500 }],
      ['/_sandbox/faults', { path: '/x' }],
      ['/_sandbox/clients', { clientId: 'x', clientSecret: 'y', redirectUris: ['not a url'] }],
    ] as const) {
      const res = await admin(sb, 'POST', path, body)
      expect(res.status, `${path} ${JSON.stringify(body)}`).toBe(400)
      expect((res.body as { message: string }).message.length).toBeGreaterThan(5)
    }
  })
})

describe('operator state, clock and tokens', () => {
  it('lists tokens by fingerprint only, never their values', async () => {
    const t = await obtainTokens(sb)
    const res = await fetch(`${sb.url}/_sandbox/state`, { headers: { 'x-sandbox-admin-token': 'op-secret' } })
    const text = await res.text()
    expect(text).not.toContain(t.access_token)
    expect(text).not.toContain(t.refresh_token)
    const state = JSON.parse(text) as {
      tokens: Array<{ fingerprint: string; kind: string; clientId: string; merchantId: string; expiresAt?: string; revoked: boolean }>
    }
    const access = state.tokens.find(x => x.fingerprint === sha8(t.access_token))
    expect(access).toMatchObject({ kind: 'access', clientId: 'sandbox-demo-client', merchantId: 'M-1001', revoked: false })
    expect(access?.expiresAt).toBe(new Date(sb.clock.now() + 86_400_000).toISOString())
    const refresh = state.tokens.find(x => x.fingerprint === sha8(t.refresh_token))
    expect(refresh).toMatchObject({ kind: 'refresh', revoked: false })
    expect(refresh?.expiresAt).toBeUndefined()
  })

  it('moves the clock (advance, set, reset) and the Date header follows it', async () => {
    const adv = await admin(sb, 'POST', '/_sandbox/clock', { advanceSeconds: 86_400 })
    expect(adv.body).toEqual({ now: '2025-05-02T12:00:00.000Z', clockOffsetSeconds: 86_400 })
    const res = await fetch(`${sb.url}/nowhere`)
    expect(res.headers.get('date')).toBe('Fri, 02 May 2025 12:00:00 GMT')
    const set = await admin(sb, 'POST', '/_sandbox/clock', { set: '2030-01-01T00:00:00Z' })
    expect(set.body).toEqual({ now: '2030-01-01T00:00:00.000Z', clockOffsetSeconds: (Date.UTC(2030, 0, 1) - BASE_MS) / 1000 })
    expect(sb.clock.now()).toBe(Date.UTC(2030, 0, 1))
    const reset = await admin(sb, 'POST', '/_sandbox/clock', { reset: true })
    expect(reset.body).toEqual({ now: new Date(BASE_MS).toISOString(), clockOffsetSeconds: 0 })
    expect(res.status).toBe(404)
  })

  it('expires every access token at once, or a single token', async () => {
    const a = await obtainTokens(sb)
    const b = await obtainTokens(sb)
    const one = await admin(sb, 'POST', '/_sandbox/tokens/expire', { token: a.access_token })
    expect(one.body).toEqual({ expired: 1 })
    expect((await bearerGet(sb, LOCATIONS, a.access_token)).status).toBe(401)
    expect((await bearerGet(sb, LOCATIONS, b.access_token)).status).toBe(200)
    const all = (await admin(sb, 'POST', '/_sandbox/tokens/expire', {})).body as { expired: number }
    expect(all.expired).toBeGreaterThanOrEqual(1)
    expect((await bearerGet(sb, LOCATIONS, b.access_token)).status).toBe(401)
    expect((await admin(sb, 'POST', '/_sandbox/tokens/expire', {})).body).toEqual({ expired: 0 })
  })

  it('revokes one token or all tokens', async () => {
    const a = await obtainTokens(sb)
    expect((await admin(sb, 'POST', '/_sandbox/tokens/revoke', { token: a.refresh_token })).body).toEqual({ revoked: 1 })
    expect((await admin(sb, 'POST', '/_sandbox/tokens/revoke', { token: 'unknown' })).body).toEqual({ revoked: 0 })
    expect((await bearerGet(sb, LOCATIONS, a.access_token)).status).toBe(200)
    const all = (await admin(sb, 'POST', '/_sandbox/tokens/revoke', { all: true })).body as { revoked: number }
    expect(all.revoked).toBeGreaterThan(1)
    expect((await bearerGet(sb, LOCATIONS, a.access_token)).status).toBe(401)
    const state = (await admin(sb, 'GET', '/_sandbox/state')).body as { tokens: Array<{ revoked: boolean }> }
    expect(state.tokens.every(t => t.revoked)).toBe(true)
  })

  it('registers a client over HTTP (what the console does for its loopback catcher)', async () => {
    const client = {
      clientId: 'console-catcher',
      clientSecret: 's3cret',
      redirectUris: ['http://127.0.0.1:49152/oauth/callback'],
      permissions: ['read:locations'],
    }
    const res = await admin(sb, 'POST', '/_sandbox/clients', client)
    expect(res.body).toEqual({
      clientId: 'console-catcher',
      name: 'console-catcher',
      redirectUris: client.redirectUris,
      permissions: ['read:locations'],
    })
    const list = (await admin(sb, 'GET', '/_sandbox/clients')).body as Array<Record<string, unknown>>
    expect(list.map(c => c.clientId)).toContain('console-catcher')
    expect(JSON.stringify(list)).not.toContain('s3cret')
    const { location } = await walkConsent(sb, { clientId: client.clientId, redirectUri: client.redirectUris[0] })
    expect(location.searchParams.get('code')).toBeTruthy()
  })

  it('registers a client in-process with registerClient and lists it in clients', async () => {
    sb.registerClient({ clientId: 'in-proc', clientSecret: 'x', redirectUris: ['http://127.0.0.1:1/cb'] })
    expect(sb.clients.map(c => c.clientId)).toContain('in-proc')
    expect(() => sb.registerClient({ clientId: '', clientSecret: 'x', redirectUris: [] })).toThrow(/clientId/)
  })
})

describe('faults', () => {
  it('adds latency to matching requests', async () => {
    await admin(sb, 'POST', '/_sandbox/faults', { path: '/nowhere', latencyMs: 300, times: 1 })
    const started = performance.now()
    const res = await fetch(`${sb.url}/nowhere`)
    expect(performance.now() - started).toBeGreaterThanOrEqual(290)
    expect(res.status).toBe(404)
    expect(res.headers.get('x-sandbox-fault')).toBeTruthy()
    // Used once (times: 1): the next answer carries no fault. Said by the answer itself, not by how fast it came (an
    // upper bound on time flakes on a busy machine; the lower bound above cannot).
    const again = await fetch(`${sb.url}/nowhere`)
    await again.arrayBuffer()
    expect(again.headers.get('x-sandbox-fault')).toBeNull()
  })

  it('forces a status for a number of requests, then stops', async () => {
    const t = await obtainTokens(sb)
    const list = await admin(sb, 'POST', '/_sandbox/faults', { path: LOCATIONS, method: 'GET', status: 503, times: 2 })
    expect(list.body).toEqual([{ id: expect.any(Number), path: LOCATIONS, method: 'GET', status: 503, times: 2, remaining: 2 }])
    for (let i = 0; i < 2; i++) {
      const res = await bearerGet(sb, LOCATIONS, t.access_token)
      expect(res.status).toBe(503)
      const body = (await res.json()) as { status: number; message: string }
      expect(body.status).toBe(503)
      expect(body.message).toMatch(/Injected fault/)
    }
    expect((await bearerGet(sb, LOCATIONS, t.access_token)).status).toBe(200)
    expect((await admin(sb, 'GET', '/_sandbox/faults')).body).toEqual([])
  })

  it('drops the connection', async () => {
    await admin(sb, 'POST', '/_sandbox/faults', { path: '/api/v1/export/*/tickets', drop: true })
    await expect(fetch(`${sb.url}/api/v1/export/101001/tickets`)).rejects.toThrow()
    const state = (await admin(sb, 'GET', '/_sandbox/state')).body as { faults: unknown[] }
    expect(state.faults).toHaveLength(1)
    expect((await admin(sb, 'DELETE', '/_sandbox/faults')).body).toEqual([])
    const res = await fetch(`${sb.url}/api/v1/export/101001/tickets`)
    expect(res.status).toBe(401)
  })

  it('never applies faults to the operator API', async () => {
    await admin(sb, 'POST', '/_sandbox/faults', { path: '/**', status: 500 })
    try {
      expect((await admin(sb, 'GET', '/_sandbox/state')).status).toBe(200)
      expect((await fetch(`${sb.url}/api/v1/locations`)).status).toBe(500)
    } finally {
      await admin(sb, 'DELETE', '/_sandbox/faults')
    }
  })
})

describe('installations listing', () => {
  it('lists and clears installations', async () => {
    const t = await obtainTokens(sb)
    const res = await fetch(`${sb.url}/marketplace/v2/platform-token/installations`, {
      method: 'POST',
      headers: { authorization: `Bearer ${t.access_token}`, 'content-type': 'application/json' },
      body: '{"locationId":101006}',
    })
    expect(res.status).toBe(204)
    const list = (await admin(sb, 'GET', '/_sandbox/installations')).body as Array<{ locationId: number }>
    expect(list.map(i => i.locationId)).toEqual([101006])
    const state = (await admin(sb, 'GET', '/_sandbox/state')).body as { installations: unknown[] }
    expect(state.installations).toEqual(list)
    expect((await admin(sb, 'DELETE', '/_sandbox/installations')).body).toEqual([])
  })
})
