import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RunningSandbox } from '../../../src/sandbox'
import type { Location } from '../../../src/sandbox/data/seed-data'
import { bearerGet, obtainTokens, type TokenBody } from './support/oauth-flow'
import { admin, MERCHANT_B, startTestSandbox } from './support/sandbox-fixture'

const LOCATIONS = '/marketplace/v2/platform-token/locations'

/** A docs/api.md#locations answer: the sandbox's own Location type, so a change of its shape breaks this test at typecheck. */
interface LocationBody {
  results: Location[]
  meta: Record<string, unknown>
}

let sb: RunningSandbox
let tokens: TokenBody
beforeAll(async () => {
  sb = await startTestSandbox()
  tokens = await obtainTokens(sb)
})
afterAll(() => sb.close())

describe('GET /marketplace/v2/platform-token/locations (4.4)', () => {
  it('lists the merchant eligible locations across time zones, currencies and languages', async () => {
    const res = await bearerGet(sb, LOCATIONS, tokens.access_token)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toMatch(/^application\/json/)
    const body = (await res.json()) as LocationBody
    expect(body.meta).toEqual({})
    expect(body.results.length).toBeGreaterThanOrEqual(5)
    expect(new Set(body.results.map(l => l.merchantId))).toEqual(new Set(['M-1001']))
    expect(new Set(body.results.map(l => l.timeZone)).size).toBeGreaterThanOrEqual(5)
    expect(new Set(body.results.map(l => l.currency)).size).toBeGreaterThanOrEqual(5)
    expect(new Set(body.results.map(l => l.language)).size).toBeGreaterThanOrEqual(3)
    for (const l of body.results) {
      expect(Number.isInteger(l.id)).toBe(true)
      expect(l.timeZone).toMatch(/^[A-Za-z_]+\/[A-Za-z_]+$/)
      expect(l.countryCode).toMatch(/^[A-Z]{2}$/)
      expect(l.currency).toMatch(/^[A-Z]{3}$/)
      expect(l.language).toMatch(/^[a-z]{2}$/)
    }
  })

  it('never lists ineligible locations', async () => {
    const body = (await (await bearerGet(sb, LOCATIONS, tokens.access_token)).json()) as LocationBody
    const ids = body.results.map(l => l.id)
    expect(ids).not.toContain(101090)
    expect(ids).not.toContain(101091)
  })

  it('shows another merchant only its own locations', async () => {
    const other = await obtainTokens(sb, undefined, MERCHANT_B)
    const body = (await (await bearerGet(sb, LOCATIONS, other.access_token)).json()) as LocationBody
    expect(body.results.map(l => l.id).sort()).toEqual([202001, 202002])
  })

  it('answers the 4.7 example endpoint /api/v1/locations/ with the same body', async () => {
    const a = await (await bearerGet(sb, LOCATIONS, tokens.access_token)).text()
    const b = await bearerGet(sb, '/api/v1/locations/', tokens.access_token)
    expect(b.status).toBe(200)
    expect(await b.text()).toBe(a)
  })

  it('answers 401 with the error body for a missing or unknown bearer token', async () => {
    const none = await fetch(`${sb.url}${LOCATIONS}`)
    expect(none.status).toBe(401)
    expect(none.headers.get('www-authenticate')).toMatch(/^Bearer /)
    const body = (await none.json()) as { status: number; message: string; details: unknown[]; timestamp: string }
    expect(body.status).toBe(401)
    expect(body.message).toMatch(/Missing bearer token/)
    expect(body.timestamp).toBe('2025-05-01T12:00:00.000Z')
    const unknown = await bearerGet(sb, LOCATIONS, 'sbx_at_not-a-token')
    expect(unknown.status).toBe(401)
    expect(((await unknown.json()) as { message: string }).message).toBe('Unknown access token')
  })

  it('reads the bearer scheme in any case and the token around extra spaces, and only the Bearer scheme', async () => {
    const t = tokens.access_token
    const answer = async (authorization: string) =>
      (await fetch(`${sb.url}${LOCATIONS}`, { headers: { authorization } }).then(async r => [r.status, await r.text()]))[0]
    for (const value of [`Bearer ${t}`, `bearer ${t}`, `BEARER ${t}`, `Bearer   ${t}`, `Bearer ${t}\t`]) {
      expect(await answer(value), JSON.stringify(value)).toBe(200)
    }
    for (const value of [`Bearer${t}`, `Basic ${t}`, `Bearer ${t}x`, 'Bearer ', `Bearer x${t}`, `Bearers ${t}`, `Bear ${t}`]) {
      expect(await answer(value), JSON.stringify(value)).toBe(401)
    }
  })

  it('refuses a token with a character no token holds, naming it, as a real server would', async () => {
    const t = tokens.access_token
    // fetch sends header values as bytes (Latin-1): U+00A0 and U+0085 reach the server as those code points.
    for (const [value, named] of [
      [`Bearer ${t}\u00a0`, 'U+00A0'],
      [`Bearer \u00a0${t}`, 'U+00A0'],
      [`Bearer ${t.slice(0, 8)}\u0085${t.slice(8)}`, 'U+0085'],
      [`Bearer ${t} x`, 'U+0020'],
      [`Bearer "${t}"`, 'U+0022'],
    ] as const) {
      const res = await fetch(`${sb.url}${LOCATIONS}`, { headers: { authorization: value } })
      expect(res.status, JSON.stringify(value)).toBe(401)
      expect(res.headers.get('www-authenticate')).toBe('Bearer realm="sandbox", error="invalid_token"')
      expect(((await res.json()) as { message: string }).message).toContain(`holds ${named}, which no access token contains`)
    }
  })

  it('refuses a refresh token used as a bearer token', async () => {
    const res = await bearerGet(sb, LOCATIONS, tokens.refresh_token)
    expect(res.status).toBe(401)
  })

  it('expires access tokens after 24 h of the sandbox clock (401), and refresh brings access back', async () => {
    const own = await startTestSandbox()
    try {
      const t = await obtainTokens(own)
      own.clock.advance(86_399_000)
      expect((await bearerGet(own, LOCATIONS, t.access_token)).status).toBe(200)
      own.clock.advance(1_000)
      const expired = await bearerGet(own, LOCATIONS, t.access_token)
      expect(expired.status).toBe(401)
      expect(((await expired.json()) as { message: string }).message).toMatch(/expired at 2025-05-02T12:00:00.000Z/)
      const refreshed = await fetch(`${own.url}/oauth2/token/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          grant_type: 'refresh_token',
          refresh_token: t.refresh_token,
          client_id: 'sandbox-demo-client',
          client_secret: 'sandbox-demo-secret',
        }),
      })
      const next = (await refreshed.json()) as TokenBody
      expect((await bearerGet(own, LOCATIONS, next.access_token)).status).toBe(200)
    } finally {
      await own.close()
    }
  })

  it('answers 401 for a token revoked by the operator', async () => {
    const t = await obtainTokens(sb)
    expect((await admin(sb, 'POST', '/_sandbox/tokens/revoke', { token: t.access_token })).body).toEqual({ revoked: 1 })
    expect((await bearerGet(sb, LOCATIONS, t.access_token)).status).toBe(401)
  })

  it('pages the list when locationsPageSize is set', async () => {
    const paged = await startTestSandbox({ locationsPageSize: 4 })
    try {
      const t = await obtainTokens(paged)
      const p1 = (await (await bearerGet(paged, LOCATIONS, t.access_token)).json()) as LocationBody
      expect(p1.results).toHaveLength(4)
      expect(p1.meta).toEqual({ page: 1, pageSize: 4, totalResults: 6, totalPages: 2 })
      const p2 = (await (await bearerGet(paged, `${LOCATIONS}?page=2`, t.access_token)).json()) as LocationBody
      expect(p2.results).toHaveLength(2)
      expect(p2.results.map(l => l.id)).not.toContain(p1.results[0]?.id)
      expect((await bearerGet(paged, `${LOCATIONS}?page=zero`, t.access_token)).status).toBe(400)
    } finally {
      await paged.close()
    }
  })
})
