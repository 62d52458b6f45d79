import { createHmac } from 'node:crypto'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { fingerprint } from '../../../src/main/engine/core/secret-registry'
import { createKeyFileCipher } from '../../../src/main/engine/vault/keyfile-cipher'
import { createRuntime, type Runtime } from '../../../src/main/runtime/create-runtime'
import type {
  ChannelName,
  InspectedSignature,
  SignatureExplanation,
  SigningNow,
  SkewEstimate,
  SkewStatus,
} from '../../../src/shared/contract'
import { failedCheck, rawRequest } from './support/raw-request'

const PATH = '/api/v1/export/101001/tickets'
const QUERY = '?filter[dateTimeFrom]=2025-04-28&filter[dateTimeTo]=2025-04-30'

let dataDir: string
let runtime: Runtime
const events: Array<SkewEstimate | null> = []

async function call<T>(channel: ChannelName, payload: unknown): Promise<T> {
  const result = await runtime.registry.dispatch(channel, payload, { transport: 'web' })
  if (!result.ok) throw new Error(`${channel}: ${result.error.code} ${result.error.message}`)
  return result.value as T
}

function client() {
  return runtime.sandbox!.client
}

async function sandboxAdmin(path: string, body: unknown) {
  const res = await fetch(`${runtime.sandbox!.url}${path}`, {
    method: 'POST',
    headers: { 'x-sandbox-admin-token': runtime.sandbox!.adminToken, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
  expect(res.status).toBe(200)
}

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'pc-'))
  runtime = await createRuntime({
    transport: 'web',
    version: 'test',
    dataDir,
    cipher: createKeyFileCipher(join(dataDir, 'vault.key')),
    heartbeatMs: 60_000,
  })
  runtime.bus.subscribe(m => {
    if (m.name === 'signing:skew') events.push(m.payload)
  })
})
afterAll(async () => {
  await runtime?.close()
  await rm(dataDir, { recursive: true, force: true })
})

describe('signing over the bridge', () => {
  it('registers every signing channel and shares the skew estimator with the executor', () => {
    expect(runtime.registry.missing().filter(c => c.startsWith('signing:'))).toEqual([])
    expect(runtime.engine.skew).toBeDefined()
  })

  it('signs with the inspector model (hex, escapes, offsets), never returning the secret', async () => {
    const { clientId, clientSecret } = client()
    const signed = await call<InspectedSignature>('signing:sign', {
      method: 'get',
      path: `${runtime.sandbox!.url}${PATH.toUpperCase()}${QUERY}`,
      body: 'a\tb é',
      clientId,
      clientSecret,
      timestamp: 1746100800,
    })
    expect(signed.canonical).toBe(`${clientId}GET${PATH}a\tb é1746100800`)
    expect(signed.canonicalHex).toBe(Buffer.from(signed.canonical).toString('hex'))
    expect(signed.byteLength).toBe(Buffer.byteLength(signed.canonical))
    const body = signed.parts.find(p => p.name === 'body')!
    expect(body).toMatchObject({ hex: Buffer.from('a\tb é').toString('hex'), escaped: 'a\\tb \\u{e9}', hexTruncated: false })
    expect(signed.canonicalHex.slice(body.offset * 2, (body.offset + body.length) * 2)).toBe(body.hex)
    expect(signed.signature).toBe(createHmac('sha256', clientSecret).update(signed.canonical).digest('hex'))
    expect(signed).toMatchObject({ timeSource: 'given', secretFingerprint: fingerprint(clientSecret), secretRedacted: false })
    expect(JSON.stringify(signed)).not.toContain(clientSecret)
  })

  it('makes signatures the built-in sandbox accepts, timestamped by the signing clock', async () => {
    const { clientId, clientSecret } = client()
    const signed = await call<InspectedSignature>('signing:sign', { method: 'GET', path: PATH + QUERY, clientId, clientSecret })
    expect(signed.timeSource).toBe('local')
    const reply = await rawRequest(runtime.sandbox!.url, { path: PATH + QUERY, headers: signed.headers })
    expect(reply.status).toBe(200)
  })

  it('empties the hex views when a known secret is inside the signed string', async () => {
    const { clientId, clientSecret } = client()
    const signed = await call<InspectedSignature>('signing:sign', {
      method: 'POST',
      path: '/x',
      body: `{"client_secret":"${clientSecret}"}`,
      clientId,
      clientSecret,
      timestamp: 1,
    })
    expect(signed.secretRedacted).toBe(true)
    expect(signed.canonicalHex).toBe('')
    expect(signed.parts.every(p => p.hex === '')).toBe(true)
    expect(JSON.stringify(signed)).not.toContain(clientSecret)
    expect(JSON.stringify(signed)).not.toContain(Buffer.from(clientSecret).toString('hex'))
  })

  it('explains a captured signature made with the query string included', async () => {
    const { clientId, clientSecret } = client()
    const ts = String(Math.floor(Date.now() / 1000))
    const wrong = createHmac('sha256', clientSecret)
      .update(`${clientId}GET${`${PATH}${QUERY}`.toLowerCase()}${ts}`)
      .digest('hex')
    const explanation = await call<SignatureExplanation>('signing:explain', {
      method: 'GET',
      path: PATH + QUERY,
      headers: { 'x-access-key': clientId, 'x-timestamp': ts, 'x-signature': wrong },
      clientSecret,
    })
    expect(explanation.valid).toBe(false)
    expect(explanation.diagnosis[0]).toMatchObject({ id: 'query-included', reproduces: true, applicable: true })
    expect(explanation.stale?.state).toBe('fresh')
    expect(explanation.expected.headers['x-timestamp']).toBe(ts)
    expect(JSON.stringify(explanation)).not.toContain(clientSecret)
  })

  it('answers a typed error for an invalid request or missing credentials', async () => {
    const bad = await runtime.registry.dispatch('signing:sign', { method: 'G3T', path: '/' }, { transport: 'web' })
    expect(bad).toMatchObject({ ok: false, error: { code: 'invalid_request' } })
    const noCreds = await runtime.registry.dispatch('signing:sign', { method: 'GET', path: PATH }, { transport: 'web' })
    // The active environment (the built-in sandbox) provides the credentials.
    expect(noCreds.ok).toBe(true)
    const value = (noCreds as { value: InspectedSignature }).value
    expect(value.headers['x-access-key']).toBe(client().clientId)
    expect(value.secretFingerprint).toBe(fingerprint(client().clientSecret))
  })

  it('detects a sandbox clock 30 s ahead, warns, and signs with the server time when asked', async () => {
    const { clientId, clientSecret } = client()
    await sandboxAdmin('/_sandbox/clock', { advanceSeconds: 30 })
    // What the executor does with every response: feed its Date header to the shared estimator.
    for (let i = 0; i < 3; i++) {
      const sentAt = Date.now()
      const res = await fetch(`${runtime.sandbox!.url}/_sandbox/openapi.json`)
      await res.arrayBuffer()
      runtime.engine.skew.observe({ serverDate: res.headers.get('date') ?? '', sentAt, receivedAt: Date.now() })
    }
    const status = await call<SkewStatus>('signing:skew', {})
    expect(status.estimate!.level).toBe('danger')
    expect(Math.abs(status.estimate!.offsetMs - 30_000)).toBeLessThanOrEqual(1_500)
    expect(events.at(-1)?.level).toBe('danger')

    const local = await call<InspectedSignature>('signing:sign', { method: 'GET', path: PATH, clientId, clientSecret })
    const refused = await rawRequest(runtime.sandbox!.url, { path: PATH + QUERY, headers: local.headers })
    expect({ status: refused.status, check: failedCheck(refused) }).toEqual({ status: 401, check: 'stale' })

    expect((await call<SkewStatus>('signing:setTimeSource', { source: 'server' })).timeSource).toBe('server')
    const now = await call<SigningNow>('signing:now', {})
    expect(now.usedServerTime).toBe(true)
    expect(Math.abs(now.timestamp - now.localTimestamp - 30)).toBeLessThanOrEqual(2)
    const server = await call<InspectedSignature>('signing:sign', { method: 'GET', path: PATH, clientId, clientSecret })
    expect(server.timeSource).toBe('server')
    const accepted = await rawRequest(runtime.sandbox!.url, { path: PATH + QUERY, headers: server.headers })
    expect(accepted.status).toBe(200)
    await sandboxAdmin('/_sandbox/clock', { reset: true })
  })

  it('keeps the time-source choice in the data folder across launches', async () => {
    await call<SkewStatus>('signing:setTimeSource', { source: 'server' })
    expect(JSON.parse(await readFile(join(dataDir, 'signing-settings.json'), 'utf8'))).toEqual({ timeSource: 'server' })
    // A relaunch: the first console closes (and frees its data folder), the next one starts on the same folder.
    await runtime.close()
    const second = await createRuntime({
      transport: 'web',
      version: 'test',
      dataDir,
      cipher: createKeyFileCipher(join(dataDir, 'vault.key')),
      sandbox: false,
      heartbeatMs: 60_000,
    })
    runtime = second
    const result = await second.registry.dispatch('signing:skew', {}, { transport: 'web' })
    expect(result).toMatchObject({ ok: true, value: { timeSource: 'server', estimate: null, warnMs: 3_000, dangerMs: 7_000 } })
  })
})
