import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { type RunningSandbox, SCENARIOS } from '../../../src/sandbox'
import { authorizeUrl, bearerGet, hiddenField, obtainTokens, postToken } from './support/oauth-flow'
import { admin, BASE_MS, DEMO, MERCHANT_A, startTestSandbox } from './support/sandbox-fixture'

const LOCATIONS = '/marketplace/v2/platform-token/locations'
const INSTALL = '/marketplace/v2/platform-token/installations'

let sb: RunningSandbox
beforeEach(async () => {
  sb = await startTestSandbox({ adminToken: 'op' })
})
afterEach(() => sb.close())

const apply = (name: string) => admin(sb, 'POST', '/_sandbox/scenario', { name })

function install(token: string) {
  return fetch(`${sb.url}${INSTALL}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ locationId: 101001 }),
  })
}

function refresh(refreshToken: string) {
  return postToken(sb, { grant_type: 'refresh_token', refresh_token: refreshToken, client_id: DEMO.clientId, client_secret: DEMO.secret })
}

const form = (fields: Record<string, string>): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams(fields).toString(),
  redirect: 'manual',
})

/** Authorize page → login → the consent page's HTML. */
async function consentPage(query: Record<string, string> = {}): Promise<string> {
  const page = await fetch(authorizeUrl(sb, { client_id: DEMO.clientId, redirect_uri: DEMO.redirectUri, response_type: 'code', ...query }))
  const html = await page.text()
  const login = await fetch(
    `${sb.url}/oauth2/authorize/login`,
    form({ pending: hiddenField(html, 'pending'), csrf: hiddenField(html, 'csrf'), ...MERCHANT_A }),
  )
  return login.text()
}

describe('sandbox scenarios', () => {
  it('lists every scenario with what the client sees and the partner-side fix', async () => {
    const { status, body } = await admin(sb, 'GET', '/_sandbox/scenarios')
    expect(status).toBe(200)
    const list = body as { active: string | null; scenarios: Array<Record<string, string>> }
    expect(list.active).toBeNull()
    expect(list.scenarios.map(s => s.name)).toEqual([
      'access-token-expired',
      'refresh-token-revoked',
      'clock-ahead-30s',
      'clock-behind-30s',
      'quota-exhausted',
      'redirect-uri-mismatch',
      'partial-consent',
      'flaky-503',
      'slow-responses',
    ])
    for (const s of list.scenarios) for (const k of ['title', 'effect', 'clientSees', 'partnerFix']) expect(s[k]?.length).toBeGreaterThan(5)
  })

  it('refuses an unknown name with the known ones, over the operator API and at start', async () => {
    const { status, body } = await apply('nope')
    expect(status).toBe(400)
    expect((body as { message: string }).message).toContain('access-token-expired')
    await expect(startTestSandbox({ scenario: 'nope' })).rejects.toThrow(/Unknown scenario "nope"/)
  })

  it('access-token-expired: the first bearer call answers 401 expired, the refresh grant recovers', async () => {
    const before = await obtainTokens(sb)
    expect((await bearerGet(sb, LOCATIONS, before.access_token)).status).toBe(200)
    expect((await apply('access-token-expired')).body).toMatchObject({
      active: 'access-token-expired',
      changes: ['1 access token(s) expired'],
    })
    expect((await bearerGet(sb, LOCATIONS, before.access_token)).status).toBe(401)

    const fresh = await obtainTokens(sb)
    expect(fresh.expiration).toBe(86_400)
    const denied = await bearerGet(sb, LOCATIONS, fresh.access_token)
    expect(denied.status).toBe(401)
    expect(((await denied.json()) as { message: string }).message).toMatch(/expired at .*use the refresh_token grant/)
    const renewed = await refresh(fresh.refresh_token)
    expect(renewed.res.status).toBe(200)
    expect((await bearerGet(sb, LOCATIONS, renewed.body.access_token as string)).status).toBe(200)
  })

  it('refresh-token-revoked: the refresh answers invalid_grant revoked', async () => {
    const old = await obtainTokens(sb)
    await apply('refresh-token-revoked')
    expect((await refresh(old.refresh_token)).body).toMatchObject({ error: 'invalid_grant' })
    const fresh = await obtainTokens(sb)
    expect((await bearerGet(sb, LOCATIONS, fresh.access_token)).status).toBe(401)
    const renewed = await refresh(fresh.refresh_token)
    expect(renewed.res.status).toBe(400)
    expect(renewed.body).toEqual({ error: 'invalid_grant', error_description: 'refresh token has been revoked' })
  })

  it('clock-ahead-30s and clock-behind-30s move the Date header; another scenario or clear moves it back', async () => {
    await apply('clock-ahead-30s')
    let res = await fetch(`${sb.url}${LOCATIONS}`)
    expect(Date.parse(res.headers.get('date') as string)).toBe(BASE_MS + 30_000)
    await apply('clock-behind-30s')
    res = await fetch(`${sb.url}${LOCATIONS}`)
    expect(Date.parse(res.headers.get('date') as string)).toBe(BASE_MS - 30_000)
    expect((await admin(sb, 'GET', '/_sandbox/state')).body).toMatchObject({ scenario: 'clock-behind-30s', clockOffsetSeconds: -30 })
    expect((await admin(sb, 'DELETE', '/_sandbox/scenario')).body).toEqual({ active: null, changes: ['cleared clock-behind-30s'] })
    expect((await admin(sb, 'GET', '/_sandbox/state')).body).toMatchObject({ scenario: null, clockOffsetSeconds: 0 })
  })

  it('quota-exhausted: 429 with Retry-After and Remaining 0 until cleared', async () => {
    const tokens = await obtainTokens(sb)
    await apply('quota-exhausted')
    const res = await bearerGet(sb, LOCATIONS, tokens.access_token)
    expect(res.status).toBe(429)
    expect(res.headers.get('x-ratelimit-remaining')).toBe('0')
    expect(res.headers.get('x-ratelimit-limit')).toBe('100')
    expect(Number(res.headers.get('retry-after'))).toBe(3600)
    expect((await install(tokens.access_token)).status).toBe(429)
    await admin(sb, 'DELETE', '/_sandbox/scenario')
    expect((await bearerGet(sb, LOCATIONS, tokens.access_token)).status).toBe(200)
  })

  it('redirect-uri-mismatch: the authorize page shows the sent and the registered URI, and clear restores them', async () => {
    await apply('redirect-uri-mismatch')
    const url = authorizeUrl(sb, { client_id: DEMO.clientId, redirect_uri: DEMO.redirectUri, response_type: 'code' })
    const page = await fetch(url, { redirect: 'manual' })
    expect(page.status).toBe(400)
    const html = await page.text()
    expect(html).toContain('redirect_uri mismatch')
    expect(html).toContain(`<td id="sent-redirect-uri">${DEMO.redirectUri}</td>`)
    expect(html).toContain(`<td>${DEMO.redirectUri}/</td>`)
    await admin(sb, 'DELETE', '/_sandbox/scenario')
    expect((await fetch(url, { redirect: 'manual' })).status).toBe(200)
  })

  it('the consent page lets the merchant untick a permission; the install then answers 403', async () => {
    const html = await consentPage()
    expect(html).toMatch(/name="grant:read:locations" value="on" checked/)
    expect(html).toMatch(/name="grant:write:installations" value="on" checked/)
    const decided = await fetch(
      `${sb.url}/oauth2/authorize/decision`,
      form({
        pending: hiddenField(html, 'pending'),
        csrf: hiddenField(html, 'csrf'),
        grants_offered: '1',
        'grant:read:locations': 'on',
        decision: 'allow',
      }),
    )
    expect(decided.status).toBe(302)
    const code = new URL(decided.headers.get('location') as string).searchParams.get('code') as string
    const { body } = await postToken(sb, {
      grant_type: 'authorization_code',
      code,
      redirect_uri: DEMO.redirectUri,
      client_id: DEMO.clientId,
      client_secret: DEMO.secret,
    })
    expect(body.permissions).toEqual(['read:locations'])
    expect((await bearerGet(sb, LOCATIONS, body.access_token as string)).status).toBe(200)
    const refused = await install(body.access_token as string)
    expect(refused.status).toBe(403)
    expect(((await refused.json()) as { message: string }).message).toMatch(/Missing permission write:installations/)
  })

  it('allowing with every permission unticked asks again instead of issuing a code', async () => {
    const html = await consentPage()
    const decided = await fetch(
      `${sb.url}/oauth2/authorize/decision`,
      form({ pending: hiddenField(html, 'pending'), csrf: hiddenField(html, 'csrf'), grants_offered: '1', decision: 'allow' }),
    )
    expect(decided.status).toBe(400)
    expect(await decided.text()).toContain('Tick at least one permission')
  })

  it('partial-consent: the consent page starts with write:installations unticked, auto-consent grants read only', async () => {
    await apply('partial-consent')
    const html = await consentPage()
    expect(html).toMatch(/name="grant:read:locations" value="on" checked/)
    expect(html).toMatch(/name="grant:write:installations" value="on">/)

    const auto = await startTestSandbox({ autoConsent: 'allow', scenario: 'partial-consent' })
    try {
      expect(auto.scenario).toBe('partial-consent')
      const url = `${auto.url}/oauth2/authorize/?${new URLSearchParams({ client_id: DEMO.clientId, redirect_uri: DEMO.redirectUri, response_type: 'code' })}`
      const redirect = await fetch(url, { redirect: 'manual' })
      const code = new URL(redirect.headers.get('location') as string).searchParams.get('code') as string
      const res = await fetch(`${auto.url}/oauth2/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          grant_type: 'authorization_code',
          code,
          redirect_uri: DEMO.redirectUri,
          client_id: DEMO.clientId,
          client_secret: DEMO.secret,
        }),
      })
      expect(((await res.json()) as { permissions: string[] }).permissions).toEqual(['read:locations'])
    } finally {
      await auto.close()
    }
  })

  it('flaky-503: every other API call answers 503, starting with the next one', async () => {
    const tokens = await obtainTokens(sb)
    await apply('flaky-503')
    const statuses: number[] = []
    for (let i = 0; i < 4; i++) statuses.push((await bearerGet(sb, LOCATIONS, tokens.access_token)).status)
    expect(statuses).toEqual([503, 200, 503, 200])
    await admin(sb, 'DELETE', '/_sandbox/scenario')
    expect((await admin(sb, 'GET', '/_sandbox/faults')).body).toEqual([])
  })

  it('slow-responses: a call waits 2.5 s', async () => {
    await apply('slow-responses')
    const started = performance.now()
    await (await fetch(`${sb.url}${LOCATIONS}`)).arrayBuffer()
    expect(performance.now() - started).toBeGreaterThanOrEqual(2400)
    await admin(sb, 'DELETE', '/_sandbox/scenario')
    expect((await admin(sb, 'GET', '/_sandbox/faults')).body).toEqual([])
  })

  it('draws the sign-in and consent pages in large type when the authorize URL asks for presenter mode', async () => {
    const normal = await consentPage()
    expect(normal).not.toContain('font-size: 150%')
    const large = await consentPage({ presenter: '1' })
    expect(large).toContain('font-size: 150%')
    const login = await (
      await fetch(authorizeUrl(sb, { client_id: DEMO.clientId, redirect_uri: DEMO.redirectUri, response_type: 'code', presenter: '1' }))
    ).text()
    expect(login).toContain('font-size: 150%')
  })

  it('every scenario in the catalogue can be applied and cleared', async () => {
    for (const s of SCENARIOS) {
      expect((await apply(s.name)).status, s.name).toBe(200)
      expect((await admin(sb, 'DELETE', '/_sandbox/scenario')).status).toBe(200)
    }
    expect((await admin(sb, 'GET', '/_sandbox/state')).body).toMatchObject({ scenario: null, clockOffsetSeconds: 0, faults: [] })
  })
})
