import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RunningSandbox } from '../../../src/sandbox'
import { obtainTokens, type TokenBody } from './support/oauth-flow'
import { admin, READONLY, startTestSandbox } from './support/sandbox-fixture'

const INSTALL = '/marketplace/v2/platform-token/installations'

let sb: RunningSandbox
let tokens: TokenBody
beforeAll(async () => {
  sb = await startTestSandbox()
  tokens = await obtainTokens(sb)
})
afterAll(() => sb.close())

function install(token: string, body: string, contentType = 'application/json') {
  return fetch(`${sb.url}${INSTALL}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': contentType },
    body,
  })
}

interface ErrorBody {
  status: number
  timestamp: string
  message: string
  details: Array<Record<string, unknown>>
}

describe('POST /marketplace/v2/platform-token/installations (4.5)', () => {
  it('answers 204 with an empty body and records the installation', async () => {
    const res = await install(tokens.access_token, JSON.stringify({ locationId: 101003 }))
    expect(res.status).toBe(204)
    expect(await res.text()).toBe('')
    const list = (await admin(sb, 'GET', '/_sandbox/installations')).body as Array<Record<string, unknown>>
    expect(list).toContainEqual({
      locationId: 101003,
      clientId: 'sandbox-demo-client',
      merchantId: 'M-1001',
      installedAt: '2025-05-01T12:00:00.000Z',
    })
  })

  it('answers a repeated install with 204 again and keeps the first installation', async () => {
    expect((await install(tokens.access_token, JSON.stringify({ locationId: 101004 }))).status).toBe(204)
    sb.clock.advance(60_000)
    expect((await install(tokens.access_token, JSON.stringify({ locationId: 101004 }))).status).toBe(204)
    const list = (await admin(sb, 'GET', '/_sandbox/installations')).body as Array<{ locationId: number; installedAt: string }>
    const mine = list.filter(i => i.locationId === 101004)
    expect(mine).toHaveLength(1)
    expect(mine[0]?.installedAt).toBe('2025-05-01T12:00:00.000Z')
  })

  it('refuses an ineligible location with 422 and the reason', async () => {
    const res = await install(tokens.access_token, JSON.stringify({ locationId: 101090 }))
    expect(res.status).toBe(422)
    const body = (await res.json()) as ErrorBody
    expect(body.message).toMatch(/not eligible/)
    expect(body.details[0]).toMatchObject({ reason: 'location_not_eligible', field: 'locationId', value: 101090 })
  })

  it('refuses an unknown location and another merchant location with 422', async () => {
    for (const id of [999999, 202001]) {
      const res = await install(tokens.access_token, JSON.stringify({ locationId: id }))
      expect(res.status).toBe(422)
      expect(((await res.json()) as ErrorBody).details[0]).toMatchObject({ reason: 'unknown_location', value: id })
    }
  })

  it('answers 400 for a malformed body', async () => {
    const cases = ['{"locationId":', '[]', '{}', '{"locationId":"101001"}', '{"locationId":1.5}']
    for (const body of cases) {
      const res = await install(tokens.access_token, body)
      expect(res.status, body).toBe(400)
      const parsed = (await res.json()) as ErrorBody
      expect(parsed.status).toBe(400)
      expect(parsed.message.length).toBeGreaterThan(10)
    }
  })

  it('answers 415 when the body is not JSON', async () => {
    const res = await install(tokens.access_token, 'locationId=101001', 'application/x-www-form-urlencoded')
    expect(res.status).toBe(415)
  })

  it('answers 403 when write:installations was not granted', async () => {
    const ro = await obtainTokens(sb, READONLY)
    expect(ro.permissions).toEqual(['read:locations'])
    const res = await install(ro.access_token, JSON.stringify({ locationId: 101001 }))
    expect(res.status).toBe(403)
    const body = (await res.json()) as ErrorBody
    expect(body.message).toMatch(/write:installations/)
    const list = (await admin(sb, 'GET', '/_sandbox/installations')).body as Array<{ clientId: string }>
    expect(list.some(i => i.clientId === READONLY.clientId)).toBe(false)
  })

  it('validates the bearer token before the body', async () => {
    const res = await install('sbx_at_bogus', '{broken')
    expect(res.status).toBe(401)
  })
})
