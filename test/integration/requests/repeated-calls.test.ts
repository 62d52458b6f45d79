import { createServer, type IncomingHttpHeaders } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { EventBus } from '../../../src/main/engine/core/event-bus'
import { SecretRegistry } from '../../../src/main/engine/core/secret-registry'
import { noEnvironments, noTokens } from '../../../src/main/engine/core/without-sign-in'
import { ClockSkewEstimator } from '../../../src/main/engine/signing/clock-skew'
import { createHttpClient } from '../../../src/main/runtime/http-client-layer'
import { createRequestsEngine, type RequestsEngine } from '../../../src/main/runtime/requests-engine'

// A client repeats its calls, and the engine keeps what repeats once (the same header lines, the same URL text): each
// log entry must still hold exactly its own exchange, whatever the call before it sent or got back (real HTTP on
// loopback, a server whose answer lines change from call to call: in value at the same place, and in number).

let engine: RequestsEngine
let secrets: SecretRegistry
let url = ''
let calls = 0
const received: IncomingHttpHeaders[] = []
const server = createServer((req, res) => {
  calls += 1
  received.push(req.headers)
  const lines: Record<string, string> = { 'content-type': 'application/json', 'x-same': 'kept' }
  // Calls 3 and 4 carry one line more (the same layout two calls in a row, then not): every other line changes place.
  if (calls === 3 || calls === 4) lines['x-extra'] = String(calls)
  lines['x-call'] = String(calls)
  const body = JSON.stringify({ call: calls })
  res.writeHead(200, { ...lines, 'content-length': Buffer.byteLength(body) })
  res.end(body)
})

beforeAll(async () => {
  await new Promise<void>(r => server.listen(0, '127.0.0.1', () => r()))
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/items`
  const bus = new EventBus()
  secrets = new SecretRegistry()
  engine = createRequestsEngine({
    layer: createHttpClient({ bus, secrets, skew: new ClockSkewEstimator() }),
    bus,
    secrets,
    environments: noEnvironments,
    tokens: noTokens,
    signingTimestamp: () => Math.floor(Date.now() / 1000),
    creator: { name: 'test', version: '0' },
  })
})

afterAll(async () => {
  await engine.layer.close()
  server.closeAllConnections()
  await new Promise<void>(r => server.close(() => r()))
})

const send = (headers: Record<string, string>, path = url) =>
  engine.executor.execute({ method: 'GET', target: 'api', path, auth: 'none', headers })

describe('calls that repeat', () => {
  it('leave entries that each hold their own request and answer lines', async () => {
    const results = []
    for (const tag of ['one', 'one', 'two', 'two', 'one']) results.push(await send({ 'x-tag': tag }))
    results.push(await send({ 'x-tag': 'one' }, `${url}?page=2`))
    results.forEach((r, i) => {
      const entry = engine.layer.log.get(r.entry.id)
      const n = i + 1
      const answer = Object.fromEntries(entry.responseHeaders.map(h => [h.name, h.value]))
      expect(answer).toMatchObject({ 'x-same': 'kept', 'x-call': String(n) })
      expect('x-extra' in answer).toBe(n === 3 || n === 4)
      if (n === 3 || n === 4) expect(answer['x-extra']).toBe(String(n))
      expect(entry.responseHeaders.map(h => h.name)).toEqual(Object.keys(answer))
      expect(entry.requestHeaders.find(h => h.name === 'x-tag')?.value).toBe(received[i]?.['x-tag'])
      expect(entry.responseBody?.text).toBe(JSON.stringify({ call: n }))
      expect(entry.url).toBe(n === 6 ? `${url}?page=2` : url)
      expect(entry.path).toBe(n === 6 ? '/items?page=2' : '/items')
    })
  })

  it('redact a header value that became a known secret since the same call was last sent', async () => {
    const value = 'tok-7f3a9c21e4b8d605'
    const before = await send({ 'x-tag': value })
    secrets.add(value, 'api_key')
    const after = await send({ 'x-tag': value })
    const sent = (id: string) => engine.layer.log.get(id).requestHeaders.find(h => h.name === 'x-tag')?.value
    expect(sent(before.entry.id)).toBe(value)
    expect(sent(after.entry.id)).toMatch(/^\[redacted:api_key:[0-9a-f]{8}\]$/)
  })
})
