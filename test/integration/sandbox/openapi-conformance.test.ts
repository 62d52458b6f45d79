import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RunningSandbox } from '../../../src/sandbox'
import { buildRouter } from '../../../src/sandbox/routes/all-routes'
import { resolveConfig } from '../../../src/sandbox/server/sandbox-config'
import { createSandboxClock } from '../../../src/sandbox/state/sandbox-clock'
import { createSandboxState } from '../../../src/sandbox/state/sandbox-state'
import { bearerGet, obtainTokens } from './support/oauth-flow'
import { admin, startTestSandbox } from './support/sandbox-fixture'

// The OpenAPI document is the oracle: for every operator body and documented query parameter, a request the document
// allows is answered 2xx and one it forbids is answered 400, for generated boundary values and for fast-check's
// arbitrary JSON; after every request the sandbox still answers. And every route the router serves is documented.

interface Operation {
  parameters?: Array<{ name: string; in: string; schema: Record<string, unknown> }>
  requestBody?: { content: Record<string, { schema?: Record<string, unknown> }> }
}
interface OpenApiDoc {
  paths: Record<string, Record<string, Operation>>
  components: { schemas: Record<string, Record<string, unknown>> }
}

const OPERATOR_BODIES = [
  ['/_sandbox/clock', 'post'],
  ['/_sandbox/tokens/expire', 'post'],
  ['/_sandbox/tokens/revoke', 'post'],
  ['/_sandbox/quotas/limit', 'post'],
  ['/_sandbox/faults', 'post'],
  ['/_sandbox/clients', 'post'],
  ['/_sandbox/scenario', 'post'],
] as const

let sb: RunningSandbox
let doc: OpenApiDoc
let ajv: Ajv2020
const validators = new Map<string, ValidateFunction>()
beforeAll(async () => {
  sb = await startTestSandbox()
  doc = (await (await fetch(`${sb.url}/_sandbox/openapi.json`)).json()) as OpenApiDoc
  ajv = new Ajv2020({ strict: false, allErrors: false })
  // RFC 3339 date-time as the document's `format` means it: a day that exists.
  ajv.addFormat('date-time', (s: string) => {
    const [y, m, d] = s.slice(0, 10).split('-').map(Number) as [number, number, number]
    const date = new Date(0)
    date.setUTCFullYear(y, m - 1, d)
    return date.getUTCDate() === d
  })
  ajv.addFormat('uri', (s: string) => URL.canParse(s))
  ajv.addSchema({ $id: 'sandbox', components: doc.components })
  for (const [path, method] of OPERATOR_BODIES) {
    const schema = doc.paths[path]?.[method]?.requestBody?.content['application/json']?.schema
    if (schema) validators.set(path, compile(schema))
  }
})
afterAll(() => sb.close())

function compile(schema: Record<string, unknown>): ValidateFunction {
  return ajv.compile(JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', '"sandbox#/components/')))
}

/** The sandbox is still serving: the operator API, the document and a public route (401 without a token) answer. */
async function stillServing(server: RunningSandbox): Promise<void> {
  expect((await admin(server, 'GET', '/_sandbox/state')).status).toBe(200)
  expect((await fetch(`${server.url}/_sandbox/openapi.json`)).status).toBe(200)
  // Injected faults (a 503, a dropped connection) are what the operator asked for; once cleared, the public API answers:
  // 401 without a token, or 429 when the body set a limit of 0.
  await admin(server, 'DELETE', '/_sandbox/scenario')
  await admin(server, 'DELETE', '/_sandbox/faults')
  expect([401, 429]).toContain((await fetch(`${server.url}/api/v1/locations`)).status)
}

/** Values at and beyond every documented bound of a property schema, and values of the wrong type. */
function edgeValues(schema: Record<string, unknown>): unknown[] {
  const out: unknown[] = [null, true, false, 'x', '', 0, -1, 1.5, [], {}, 'a b', 'a\u0000b', '\u2028', '/x y']
  for (const key of ['minimum', 'maximum'] as const) {
    const n = schema[key]
    if (typeof n === 'number') out.push(n, n - 1, n + 1, n + 0.5)
  }
  for (const key of ['minLength', 'maxLength'] as const) {
    const n = schema[key]
    if (typeof n === 'number') out.push('/'.padEnd(n, 'a'), '/'.padEnd(n + 1, 'a'), 'A'.repeat(Math.max(0, n - 1)))
  }
  if (Array.isArray(schema.enum)) out.push(...schema.enum, `${schema.enum[0]}x`)
  if ('const' in schema) out.push(schema.const)
  if (schema.type === 'array') out.push(['http://127.0.0.1:1/cb'], Array(11).fill('http://127.0.0.1:1/cb'), ['read:x', 'a b'])
  out.push('2025-05-02T00:00:00Z', '2025-02-30T00:00:00Z', '9999-12-31T23:59:59Z', '+275760-09-13T00:00:00Z', 'GET', 'get me', 1e15, -1e15)
  return out
}

/** The property schemas of a body schema (its object, or each branch of its oneOf/anyOf). */
function propertiesOf(schema: Record<string, unknown>): Record<string, Record<string, unknown>> {
  const resolved = schema.$ref ? doc.components.schemas[String(schema.$ref).split('/').pop() as string] : schema
  const branches = [resolved, ...((resolved?.oneOf ?? []) as Record<string, unknown>[])]
  return Object.assign({}, ...branches.map(b => (b?.properties ?? {}) as Record<string, Record<string, unknown>>))
}

function show(value: unknown): string {
  return String(JSON.stringify(value) ?? typeof value).slice(0, 300)
}

/** Sends one body to a fresh sandbox (no state carried over) and compares its answer with the document's verdict. */
async function checkBody(path: string, body: Record<string, unknown>): Promise<void> {
  const validate = validators.get(path) as ValidateFunction
  const allowed = validate(body)
  const fresh = await startTestSandbox()
  try {
    const r = await admin(fresh, 'POST', path, body)
    const label = `${path} ${show(body)} → ${r.status} ${show(r.body)}`
    expect(r.status === 200, `${label}: the document ${allowed ? 'allows' : 'forbids'} it`).toBe(allowed)
    if (!allowed) {
      expect(r.status, label).toBe(400)
      expect((r.body as { message: string }).message.length, label).toBeGreaterThan(10)
    }
    await stillServing(fresh)
  } finally {
    await fresh.close()
  }
}

describe('the OpenAPI document is exact for the operator API, and no operator input stops the sandbox', () => {
  it('every route the router serves is in the document, with its method', () => {
    const router = buildRouter(createSandboxState(resolveConfig({}), createSandboxClock()), () => '')
    const templates = Object.entries(doc.paths).flatMap(([p, ops]) =>
      Object.keys(ops).map(m => ({
        method: m.toUpperCase(),
        sample: p
          .toLowerCase()
          .replaceAll(/\{[^}]+\}/g, '123')
          .replace(/(.)\/$/, '$1'),
      })),
    )
    const missing = router
      .routes()
      .filter(r => !templates.some(t => t.method === r.method && (r.path !== undefined ? t.sample === r.path : r.pattern?.test(t.sample))))
    expect(missing).toEqual([])
  })

  for (const [path, method] of OPERATOR_BODIES) {
    it(`POST ${path}: every bound (and one past it), every field alone and with the others, each answered as documented`, async () => {
      const schema = doc.paths[path]?.[method]?.requestBody?.content['application/json']?.schema
      expect(schema, `${path} documents its body`).toBeDefined()
      const properties = propertiesOf(schema as Record<string, unknown>)
      const base: Record<string, Record<string, unknown>> = {
        '/_sandbox/faults': { path: '/api/**', status: 503 },
        '/_sandbox/clients': { clientId: 'c1', clientSecret: 's', redirectUris: ['http://127.0.0.1:1/cb'] },
        '/_sandbox/quotas/limit': { limit: 5 },
      }
      for (const [name, prop] of Object.entries(properties)) {
        for (const value of edgeValues(prop)) {
          await checkBody(path, { [name]: value })
          if (base[path]) await checkBody(path, { ...base[path], [name]: value })
        }
      }
      await checkBody(path, { unknownField: 1 })
      await checkBody(path, {})
    })
  }

  it('fast-check: arbitrary JSON bodies to every operator route are answered as the document says, and the sandbox keeps serving', async () => {
    const bodies = OPERATOR_BODIES.map(([path, method]) => {
      const schema = doc.paths[path]?.[method]?.requestBody?.content['application/json']?.schema as Record<string, unknown>
      const names = Object.keys(propertiesOf(schema))
      const value = fc.oneof(
        fc.constantFrom(...names.flatMap(n => edgeValues(propertiesOf(schema)[n] ?? {}))),
        fc.jsonValue({ maxDepth: 2 }),
        fc.double(),
        fc.string({ unit: 'binary' }),
      )
      const body = fc.dictionary(fc.constantFrom(...names, 'extra', '__proto__'), value, { maxKeys: 4 })
      return fc.record({ path: fc.constant(path), body })
    })
    await fc.assert(
      fc.asyncProperty(fc.oneof(...bodies), async c => {
        await checkBody(c.path, c.body as Record<string, unknown>)
      }),
      // 100 bodies, each to a fresh sandbox: about 10 s on a quiet machine, minutes on a loaded one.
      { numRuns: 100 },
    )
  }, 180_000)

  it('documented query parameters: page on both location routes, method and path of quotas/effective', async () => {
    const tokens = await obtainTokens(sb)
    for (const route of ['/marketplace/v2/platform-token/locations', '/api/v1/locations/']) {
      const param = doc.paths[route]?.get?.parameters?.find(p => p.name === 'page')
      const validate = compile(param?.schema ?? {})
      for (const raw of ['0', '1', '2', '999999', '1000000', '-1', '1.5', 'abc', '', '01', '1e3']) {
        const allowed = /^-?\d+(\.\d+)?$/.test(raw) && validate(Number(raw)) && String(Number(raw)) === raw
        const status = (await bearerGet(sb, `${route}?page=${encodeURIComponent(raw)}`, tokens.access_token)).status
        expect(status, `${route}?page=${raw}`).toBe(allowed ? 200 : 400)
      }
    }
    const params = doc.paths['/_sandbox/quotas/effective']?.get?.parameters ?? []
    const check = (name: string) => compile(params.find(p => p.name === name)?.schema ?? {})
    for (const [m, p] of [
      ['GET', '/a'],
      ['get me', '/a'],
      ['POST', 'a'],
      ['GET', `/${'a'.repeat(600)}`],
      ['GET', '/a b'],
      ['GET', '/api/**'],
    ]) {
      const allowed = check('method')(m) && check('path')(p)
      const r = await admin(
        sb,
        'GET',
        `/_sandbox/quotas/effective?method=${encodeURIComponent(m as string)}&path=${encodeURIComponent(p as string)}`,
      )
      expect(r.status, `${m} ${p}`).toBe(allowed ? 200 : 400)
    }
    await stillServing(sb)
  })
})
