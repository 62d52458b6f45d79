import Ajv2020 from 'ajv/dist/2020'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RunningSandbox } from '../../../src/sandbox'
import { specSignature } from './support/hmac'
import { rawRequest } from './support/http'
import { bearerGet, obtainTokens, postToken, walkConsent } from './support/oauth-flow'
import { BASE_MS, DEMO, startTestSandbox } from './support/sandbox-fixture'

interface OpenApiDoc {
  openapi: string
  servers: Array<{ url: string }>
  paths: Record<string, Record<string, { responses: Record<string, unknown> }>>
  components: { schemas: Record<string, unknown> }
}

/** Every route the sandbox serves, written out independently of the implementation. */
const EXPECTED: Record<string, string[]> = {
  '/oauth2/authorize/': ['get'],
  '/oauth2/authorize/login': ['post'],
  '/oauth2/authorize/decision': ['post'],
  '/oauth2/token/': ['post'],
  '/marketplace/v2/platform-token/locations': ['get'],
  '/marketplace/v2/platform-token/installations': ['post'],
  '/api/v1/locations/': ['get'],
  '/api/v1/export/{location_id}/tickets': ['get'],
  '/_sandbox/openapi.json': ['get'],
  '/_sandbox/state': ['get'],
  '/_sandbox/clock': ['post'],
  '/_sandbox/tokens/expire': ['post'],
  '/_sandbox/tokens/revoke': ['post'],
  '/_sandbox/quotas': ['get'],
  '/_sandbox/quotas/effective': ['get'],
  '/_sandbox/quotas/reset': ['post'],
  '/_sandbox/quotas/limit': ['post'],
  '/_sandbox/faults': ['delete', 'get', 'post'],
  '/_sandbox/installations': ['delete', 'get'],
  '/_sandbox/clients': ['get', 'post'],
  '/_sandbox/scenarios': ['get'],
  '/_sandbox/scenario': ['delete', 'post'],
  '/online-ordering/v1/orders': ['get', 'post'],
  '/online-ordering/v1/orders/{orderId}': ['get'],
  '/online-ordering/v2/orders': ['get', 'post'],
  '/online-ordering/v2/orders/{orderId}': ['get'],
  '/pos/v2/{locationId}/checks': ['get'],
  '/pos/v2/{locationId}/checks/{checkId}': ['get'],
  '/pos/v2/lookup/tickets': ['post'],
}

let sb: RunningSandbox
let doc: OpenApiDoc
let ajv: Ajv2020
beforeAll(async () => {
  sb = await startTestSandbox()
  const res = await fetch(`${sb.url}/_sandbox/openapi.json`)
  expect(res.status).toBe(200)
  doc = JSON.parse(await res.text()) as OpenApiDoc
  ajv = new Ajv2020({ strict: false, validateFormats: false })
  ajv.addSchema({ $id: 'sandbox', components: doc.components })
})
afterAll(() => sb.close())

function validate(schema: string, value: unknown): void {
  const fn = ajv.getSchema(`sandbox#/components/schemas/${schema}`)
  if (!fn) throw new Error(`schema ${schema} missing`)
  const ok = fn(value)
  expect(ok, JSON.stringify(fn.errors)).toBe(true)
}

describe('GET /_sandbox/openapi.json', () => {
  it('is served without the admin token and declares OpenAPI 3.1 with this server', () => {
    expect(doc.openapi).toBe('3.1.0')
    expect(doc.servers[0]?.url).toBe(sb.url)
  })

  it('lists every path and method the sandbox serves, and nothing else', () => {
    const actual = Object.fromEntries(Object.entries(doc.paths).map(([p, ops]) => [p, Object.keys(ops).sort()]))
    expect(actual).toEqual(EXPECTED)
  })

  it('documents the responses each public operation can give', () => {
    expect(Object.keys(doc.paths['/marketplace/v2/platform-token/locations']?.get?.responses ?? {})).toEqual(
      expect.arrayContaining(['200', '401', '403', '429']),
    )
    expect(Object.keys(doc.paths['/marketplace/v2/platform-token/installations']?.post?.responses ?? {})).toEqual(
      expect.arrayContaining(['204', '400', '401', '403', '422', '429']),
    )
  })

  it('has schemas that compile and that real responses satisfy', async () => {
    const tokens = await obtainTokens(sb)
    validate('TokenResponse', tokens)
    const refreshed = await postToken(sb, {
      grant_type: 'refresh_token',
      refresh_token: tokens.refresh_token,
      client_id: DEMO.clientId,
      client_secret: DEMO.secret,
    })
    validate('RefreshTokenResponse', refreshed.body)
    expect(() => validate('RefreshTokenResponse', tokens)).toThrow()
    validate('LocationList', await (await bearerGet(sb, '/marketplace/v2/platform-token/locations', tokens.access_token)).json())
    validate('ApiError', await (await fetch(`${sb.url}/marketplace/v2/platform-token/locations`)).json())
    const badCode = await postToken(sb, {
      grant_type: 'authorization_code',
      code: 'x',
      redirect_uri: DEMO.redirectUri,
      client_id: DEMO.clientId,
      client_secret: DEMO.secret,
    })
    validate('OAuthError', badCode.body)
    const ts = BASE_MS / 1000
    const path = '/api/v1/export/101004/tickets'
    const tickets = await rawRequest(sb.url, {
      path: `${path}?filter[dateTimeFrom]=2025-02-01&filter[dateTimeTo]=2025-02-03`,
      headers: {
        'x-access-key': DEMO.clientId,
        'x-timestamp': String(ts),
        'x-signature': specSignature({ clientId: DEMO.clientId, secret: DEMO.secret, method: 'GET', path, timestamp: ts }),
      },
    })
    validate('TicketExport', tickets.json())
    const state = await fetch(`${sb.url}/_sandbox/state`, { headers: { 'x-sandbox-admin-token': sb.adminToken } })
    validate('SandboxState', await state.json())
    await walkConsent(sb)
  })

  it('follows a custom signed path prefix', async () => {
    const custom = await startTestSandbox({ signedPathPrefix: '/partner/v9/export' })
    try {
      const d = (await (await fetch(`${custom.url}/_sandbox/openapi.json`)).json()) as OpenApiDoc
      expect(Object.keys(d.paths)).toContain('/partner/v9/export/{location_id}/tickets')
    } finally {
      await custom.close()
    }
  })
})
