// The client of har-stall.ts, in a thread of its own: the launch URL traded for the cookie, the bridge socket, the
// HAR uploaded and opened, `app:info` sent back to back while it imports. Posts the longest answer it waited for.
import { parentPort, workerData } from 'node:worker_threads'
import WebSocket from 'ws'

const { url, entries } = workerData
const origin = new URL(url).origin
const res = await fetch(url, { redirect: 'manual' })
await res.arrayBuffer()
const cookie = res.headers
  .getSetCookie()
  .map(c => c.split(';')[0])
  .join('; ')
const ws = new WebSocket(`${origin.replace('http', 'ws')}/bridge`, { headers: { Cookie: cookie, Origin: origin } })
await new Promise((resolve, reject) => {
  ws.once('open', resolve)
  ws.once('error', reject)
})
const answers = new Map()
ws.on('message', data => {
  const m = JSON.parse(String(data))
  if (m.t === 'result') answers.get(m.id)?.(m)
})
let nextId = 1
const answer = id => new Promise(resolve => answers.set(id, resolve))
const call = (channel, payload) => {
  const id = nextId++
  const p = answer(id)
  ws.send(JSON.stringify({ t: 'invoke', id, channel, payload }))
  return p
}
const list = []
for (let i = 0; i < entries; i++) {
  list.push({
    startedDateTime: new Date(Date.UTC(2025, 0, 1) + i * 1000).toISOString(),
    time: 12,
    request: {
      method: 'GET',
      url: `https://api.partner.example/api/v1/locations/loc-${i}`,
      httpVersion: 'HTTP/1.1',
      headers: [{ name: 'Authorization', value: `Bearer sbx_at_${i.toString(36)}_${'a'.repeat(16)}` }],
    },
    response: {
      status: 200,
      statusText: 'OK',
      httpVersion: 'HTTP/1.1',
      headers: [{ name: 'Content-Type', value: 'application/json' }],
      content: { size: 40, mimeType: 'application/json', text: JSON.stringify({ id: `loc-${i}`, name: 'Main street' }) },
      redirectURL: '',
    },
    timings: { send: 1, wait: 10, receive: 1 },
  })
}
const file = JSON.stringify({ log: { version: '1.2', creator: { name: 'bench', version: '1' }, entries: list } })
for (let i = 0; i < 20; i++) await call('app:info', {})
let done = false
let longest = 0
const pinger = (async () => {
  while (!done) {
    const t0 = performance.now()
    await call('app:info', {})
    longest = Math.max(longest, performance.now() - t0)
  }
})()
// The upload is in this thread too: the client's own pauses while it sends count, an upper bound of the host's.
parentPort.postMessage({ uploading: true })
const up = await fetch(`${origin}/upload`, {
  method: 'POST',
  headers: { Cookie: cookie, Origin: origin, 'Content-Type': 'text/plain;charset=utf-8' },
  body: file,
})
const { id: upload } = await up.json()
const importId = nextId++
const imported = answer(importId)
ws.send(
  JSON.stringify({ t: 'invoke', id: importId, channel: 'log:openHar', payload: { text: '' }, uploads: [{ path: ['text'], id: upload }] }),
)
const result = await imported
done = true
await pinger
ws.terminate()
parentPort.postMessage({
  longest,
  imported: result.result.value?.imported ?? 0,
  error: result.result.ok ? undefined : JSON.stringify(result.result.error),
})
