import { createServer, type IncomingHttpHeaders } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SecretRegistry } from '../../../src/main/engine/core/secret-registry'
import type { RequestsEngine } from '../../../src/main/runtime/requests-engine'
import { requestsEngine } from '../networks/support'

// A client repeats its calls, and the engine keeps what repeats once (the same header lines, or their whole list, the
// same URL text, the same body text): each log entry must still hold exactly its own exchange, whatever the call
// before it sent or got back (real HTTP on loopback, a server whose answer lines change from call to call: in value at
// the same place, and in number; and one whose answers repeat whole).

let engine: RequestsEngine
let secrets: SecretRegistry
let url = ''
let calls = 0
const received: IncomingHttpHeaders[] = []
const server = createServer((req, res) => {
  // /same?v=…: an answer that repeats whole (no Date line, the same headers), its body the query's value.
  if (req.url?.startsWith('/same')) {
    res.sendDate = false
    const body = JSON.stringify({ v: new URL(req.url, 'http://x').searchParams.get('v') })
    res.writeHead(200, { 'content-type': 'application/json', 'x-fixed': 'yes', 'content-length': Buffer.byteLength(body) })
    res.end(body)
    return
  }
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
  ;({ engine, secrets } = requestsEngine())
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

  it('leave entries that each hold their own answer when whole answers repeat, bodies included', async () => {
    const same = url.replace('/items', '/same')
    // Equal answers in a row, then one of the same length that differs, then the first again.
    const values = ['aa', 'aa', 'bb', 'aa', 'aa']
    const ids = []
    for (const v of values) ids.push((await send({}, `${same}?v=${v}`)).entry.id)
    ids.forEach((id, i) => {
      const entry = engine.layer.log.get(id)
      expect(entry.responseBody?.text).toBe(JSON.stringify({ v: values[i] }))
      expect(entry.responseHeaders).toEqual([
        { name: 'content-type', value: 'application/json' },
        { name: 'x-fixed', value: 'yes' },
        { name: 'content-length', value: '10' },
        { name: 'connection', value: 'keep-alive' },
        { name: 'keep-alive', value: 'timeout=5' },
      ])
    })
  })

  it('redact a body value that became a known secret since the same answer was last logged', async () => {
    const value = 'tok-5b0e9d17c3a2f846'
    const same = `${url.replace('/items', '/same')}?v=${value}`
    const before = await send({}, same)
    secrets.add(value, 'api_key')
    const after = await send({}, same)
    const body = (id: string) => engine.layer.log.get(id).responseBody?.text
    expect(body(before.entry.id)).toBe(JSON.stringify({ v: value }))
    expect(body(after.entry.id)).toMatch(/^\{"v":"\[redacted:api_key:[0-9a-f]{8}\]"\}$/)
    expect(after.view.body).toBe(body(after.entry.id))
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
