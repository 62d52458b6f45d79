import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RunningSandbox } from '../../../src/sandbox'
import { bearerGet, obtainTokens, postToken } from './support/oauth-flow'
import { admin, DEMO, startTestSandbox } from './support/sandbox-fixture'

interface Media {
  schema?: Record<string, unknown>
  example?: unknown
  examples?: Record<string, { value: unknown }>
}
interface Operation {
  parameters?: Array<{ name: string; schema: Record<string, unknown>; example?: unknown }>
  requestBody?: { content: Record<string, Media> }
}
interface OpenApiDoc {
  paths: Record<string, Record<string, Operation>>
  components: { schemas: Record<string, unknown> }
}

let sb: RunningSandbox
let doc: OpenApiDoc
let ajv: Ajv2020
beforeAll(async () => {
  sb = await startTestSandbox({ locationsPageSize: 2 })
  doc = (await (await fetch(`${sb.url}/_sandbox/openapi.json`)).json()) as OpenApiDoc
  ajv = new Ajv2020({ strict: false, validateFormats: false })
  ajv.addSchema({ $id: 'sandbox', components: doc.components })
})
afterAll(() => sb.close())

/** A validator for a schema of the document (its $refs resolved against the document's components). */
function compile(schema: Record<string, unknown>): ValidateFunction {
  const text = JSON.stringify(schema).replaceAll('"#/components/', '"sandbox#/components/')
  return ajv.compile(JSON.parse(text))
}

function bodySchema(path: string, method: string): ValidateFunction {
  const schema = doc.paths[path]?.[method]?.requestBody?.content['application/json']?.schema
  if (!schema) throw new Error(`no JSON body schema for ${method} ${path}`)
  return compile(schema)
}

describe('the OpenAPI document says what the sandbox enforces', () => {
  it('has examples, and every example satisfies its own schema', () => {
    let count = 0
    for (const [path, ops] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        for (const p of op.parameters ?? []) {
          if (p.example === undefined) continue
          count += 1
          const validate = compile(p.schema)
          const value = p.schema.type === 'integer' ? Number(p.example) : p.example
          expect(validate(value), `${method} ${path} parameter ${p.name}: ${JSON.stringify(validate.errors)}`).toBe(true)
        }
        for (const media of Object.values(op.requestBody?.content ?? {})) {
          const values = [...(media.example === undefined ? [] : [media.example]), ...Object.values(media.examples ?? {}).map(e => e.value)]
          for (const value of values) {
            count += 1
            const validate = compile(media.schema ?? {})
            expect(validate(value), `${method} ${path} example ${JSON.stringify(value)}: ${JSON.stringify(validate.errors)}`).toBe(true)
          }
        }
      }
    }
    expect(count).toBeGreaterThanOrEqual(10)
  })

  it('clock bodies: the schema and the sandbox accept and refuse the same ones (oneOf; a reset other than true is refused)', async () => {
    const schema = bodySchema('/_sandbox/clock', 'post')
    const clockView = compile({ $ref: '#/components/schemas/ClockView' })
    for (const body of [{ advanceSeconds: 60 }, { set: '2025-05-02T00:00:00Z' }, { reset: true }]) {
      expect(schema(body), JSON.stringify(body)).toBe(true)
      const r = await admin(sb, 'POST', '/_sandbox/clock', body)
      expect(r.status, JSON.stringify(body)).toBe(200)
      expect(clockView(r.body)).toBe(true)
    }
    for (const body of [{ reset: 'yes' }, { reset: 1 }, {}, { advanceSeconds: 'soon' }]) {
      expect(schema(body), JSON.stringify(body)).toBe(false)
      expect((await admin(sb, 'POST', '/_sandbox/clock', body)).status, JSON.stringify(body)).toBe(400)
    }
    expect((await admin(sb, 'POST', '/_sandbox/clock', { reset: 'yes' })).body).toMatchObject({ message: 'reset must be true' })
  })

  it('revoke bodies: one token or all, never neither; an empty token is refused', async () => {
    const schema = bodySchema('/_sandbox/tokens/revoke', 'post')
    for (const body of [{}, { token: '' }, { all: false }]) {
      expect(schema(body), JSON.stringify(body)).toBe(false)
      expect((await admin(sb, 'POST', '/_sandbox/tokens/revoke', body)).status, JSON.stringify(body)).toBe(400)
    }
    expect(schema({ all: true })).toBe(true)
    expect((await admin(sb, 'POST', '/_sandbox/tokens/revoke', { all: true })).status).toBe(200)
  })

  it('token bodies: required fields per grant and non-empty strings, as the token endpoint refuses them', async () => {
    const schema = bodySchema('/oauth2/token/', 'post')
    const base = { client_id: DEMO.clientId, client_secret: DEMO.secret }
    for (const body of [
      { ...base, grant_type: 'authorization_code', code: '', redirect_uri: DEMO.redirectUri },
      { ...base, grant_type: 'authorization_code', code: 'x' },
      { ...base, grant_type: 'refresh_token' },
      { ...base, grant_type: 'refresh_token', refresh_token: '' },
    ]) {
      expect(schema(body), JSON.stringify(body)).toBe(false)
      const r = await postToken(sb, body)
      expect(r.res.status, JSON.stringify(body)).toBe(400)
      expect(r.body.error).toBe('invalid_request')
    }
  })

  it("page's minimum and the export's date-range rule are in the document, and the sandbox refuses what they exclude", async () => {
    const locations = doc.paths['/marketplace/v2/platform-token/locations']?.get
    const page = locations?.parameters?.find(p => p.name === 'page')
    expect(page?.schema).toMatchObject({ type: 'integer', minimum: 1 })
    const tokens = await obtainTokens(sb)
    expect((await bearerGet(sb, '/marketplace/v2/platform-token/locations?page=0', tokens.access_token)).status).toBe(400)
    const list = compile({ $ref: '#/components/schemas/LocationList' })
    const sampled = await (await bearerGet(sb, '/marketplace/v2/platform-token/locations?page=1', tokens.access_token)).json()
    expect(list(sampled), JSON.stringify(list.errors)).toBe(true)
    const exportOp = Object.entries(doc.paths).find(([p]) => p.endsWith('/{location_id}/tickets'))?.[1]?.get
    const from = exportOp?.parameters?.find(p => p.name === 'filter[dateTimeFrom]') as { description?: string } | undefined
    expect(from?.description).toMatch(/not after filter\[dateTimeTo\].*at most 31 days/)
  })
})
