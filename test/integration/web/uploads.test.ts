import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createServer, request, type Server } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { registerAppHandlers } from '../../../src/main/bridge/handlers/app-handlers'
import { registerLogHandlers } from '../../../src/main/bridge/handlers/log-handlers'
import { HandlerRegistry } from '../../../src/main/bridge/registry'
import { EventBus } from '../../../src/main/engine/core/event-bus'
import { SecretRegistry } from '../../../src/main/engine/core/secret-registry'
import { NetworkLog } from '../../../src/main/engine/log/network-log'
import { receiveUpload } from '../../../src/main/web/upload-route'
import { createUploadStore } from '../../../src/main/web/upload-store'
import { startWebHost, type WebHost } from '../../../src/main/web/web-host'
import { type AppInfo, WEB_UPLOAD_PATH } from '../../../src/shared/contract'
import { logFormatsFor } from '../../support/log-formats'

/** A raw POST on loopback with headers of our choosing (fetch forbids setting Host); `body` may be a stream's chunks. */
function post(
  port: number,
  headers: Record<string, string>,
  body: string | Buffer | Array<string | Buffer>,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path: WEB_UPLOAD_PATH, method: 'POST', headers }, res => {
      let text = ''
      res.on('data', d => {
        text += d
      })
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }))
    })
    req.on('error', reject)
    for (const chunk of Array.isArray(body) ? body : [body]) req.write(chunk)
    req.end()
  })
}

/** A HAR of two entries: the first carries a bearer token, the second is not valid (its method cannot be HTTP). */
function har(): string {
  const entry = (method: string) => ({
    startedDateTime: '2025-01-01T00:00:00.000Z',
    time: 12,
    request: {
      method,
      url: 'https://api.partner.example/api/v1/locations',
      httpVersion: 'HTTP/1.1',
      headers: [{ name: 'Authorization', value: 'Bearer sbx_at_uploaded_secret_0123456789' }],
    },
    response: {
      status: 200,
      statusText: 'OK',
      httpVersion: 'HTTP/1.1',
      headers: [],
      content: { size: 2, mimeType: 'application/json', text: '{}' },
      redirectURL: '',
    },
    timings: { send: 1, wait: 10, receive: 1 },
  })
  // Padded past the size at which the page uploads a string (and with non-ASCII split across the stream's chunks).
  return JSON.stringify({
    log: { version: '1.2', creator: { name: 't', version: '1' }, comment: 'é😀'.repeat(100_000), entries: [entry('GET'), entry('GE T')] },
  })
}

describe('the web host takes a file as an upload of its own, authenticated like the socket', () => {
  let host: WebHost
  let dir: string
  let ws: WebSocket
  let log: NetworkLog
  let auth: Record<string, string>
  let nextId = 1
  const handed: unknown[] = []

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'pc-web-upload-'))
    writeFileSync(join(dir, 'index.html'), '<!doctype html><title>console</title>')
    const registry = new HandlerRegistry()
    const secrets = new SecretRegistry()
    log = new NetworkLog()
    const formats = logFormatsFor(log, secrets)
    registerAppHandlers(registry, { info: async () => ({ name: 'Partner API Console', version: 't' }) as AppInfo })
    registerLogHandlers(registry, { log, formats, looked: async () => {} })
    // What a channel whose file field takes no bytes is handed (the environments file is read as a string).
    registry.handle('environments:openFile', req => {
      handed.push(req.content)
      return { imported: [], skipped: [], renamed: [] } as never
    })
    host = await startWebHost({ runtime: { registry, bus: new EventBus() }, rendererDir: dir })
    auth = { Origin: host.origin, Cookie: `${host.cookieName}=${host.sessionSecret}` }
    ws = new WebSocket(`ws://127.0.0.1:${host.port}/bridge`, { headers: auth })
    await new Promise((resolve, reject) => {
      ws.once('open', resolve)
      ws.once('error', reject)
    })
  })

  afterAll(async () => {
    ws.terminate()
    await host.close()
    rmSync(dir, { recursive: true, force: true })
  })

  function invoke(
    channel: string,
    payload: unknown,
    uploads?: unknown,
  ): Promise<{ ok: boolean; value?: unknown; error?: { message: string } }> {
    const id = nextId++
    return new Promise(resolve => {
      const onMessage = (data: WebSocket.RawData) => {
        const m = JSON.parse(String(data)) as { t: string; id: number; result: { ok: boolean } }
        if (m.t === 'result' && m.id === id) {
          ws.off('message', onMessage)
          resolve(m.result)
        }
      }
      ws.on('message', onMessage)
      ws.send(JSON.stringify({ t: 'invoke', id, channel, payload, ...(uploads ? { uploads } : {}) }))
    })
  }

  async function upload(text: string | Buffer | Array<string | Buffer>): Promise<string> {
    const answer = await post(host.port, { ...auth, 'Content-Type': 'text/plain;charset=utf-8' }, text)
    expect(answer.status).toBe(200)
    return (JSON.parse(answer.body) as { id: string }).id
  }

  it('imports an uploaded HAR exactly as sent: the token redacted, the bad entry named, the rest kept', async () => {
    const id = await upload(har())
    const answer = await invoke('log:openHar', { text: '' }, [{ path: ['text'], id }])
    expect(answer).toMatchObject({ ok: true, value: { imported: 1, skipped: [{ index: 1 }] } })
    const value = answer.value as { ids: string[]; skipped: Array<{ problem: string }> }
    expect(value.skipped[0]?.problem).toMatch(/^log\.entries\[1\]\.request\.method/)
    const entry = log.get(value.ids[0] as string)
    expect(JSON.stringify(entry)).not.toContain('sbx_at_uploaded_secret_0123456789')
    expect(entry.requestHeaders.find(h => h.name === 'Authorization')?.value).toMatch(/\[redacted:/)
  })

  it('decodes UTF-8 split across the stream’s chunks as one text', async () => {
    const bytes = Buffer.from('{"a":"😀é"}')
    const id = await new Promise<string>((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port: host.port, path: WEB_UPLOAD_PATH, method: 'POST', headers: auth }, res => {
        let text = ''
        res.on('data', d => {
          text += d
        })
        res.on('end', () => resolve((JSON.parse(text) as { id: string }).id))
      })
      req.on('error', reject)
      req.write(bytes.subarray(0, 7))
      req.end(bytes.subarray(7))
    })
    const answer = await invoke('log:openHar', { text: '' }, [{ path: ['text'], id }])
    // Read as the JSON it is (not a HAR): the message quotes no broken character.
    expect(answer.ok).toBe(false)
    expect(answer.error?.message).toMatch(/not a HAR 1\.2 document/)
  })

  it('hands a HAR’s bytes to the import as received: invalid UTF-8 is refused naming the byte, nothing is added', async () => {
    const before = log.size
    const bytes = Buffer.from(har(), 'utf8')
    const at = bytes.indexOf('é')
    bytes[at + 1] = 0x41
    const id = await upload([bytes.subarray(0, 70_000), bytes.subarray(70_000)])
    const answer = await invoke('log:openHar', { text: '' }, [{ path: ['text'], id }])
    expect(answer).toMatchObject({ ok: false, error: { code: 'invalid_request', message: expect.stringContaining(`byte ${at} `) } })
    expect(log.size).toBe(before)
  })

  it('gives a field that takes no bytes the upload’s text, decoded', async () => {
    const content = `{"environments":[],"note":"${'é😀'.repeat(100_000)}"}`
    const id = await upload(content)
    await invoke('environments:openFile', { content: '' }, [{ path: ['content'], id }])
    expect(handed.at(-1)).toBe(content)
  })

  it('serves an upload once: a second call naming it is told to open the file again', async () => {
    const id = await upload(har())
    expect((await invoke('log:openHar', { text: '' }, [{ path: ['text'], id }])).ok).toBe(true)
    const again = await invoke('log:openHar', { text: '' }, [{ path: ['text'], id }])
    expect(again).toMatchObject({ ok: false, error: { code: 'invalid_request', hint: 'Open the file again.' } })
  })

  it('refuses a path that is not a field of the payload, or reaches a prototype, and keeps the upload unused', async () => {
    const id = await upload(har())
    for (const path of [
      ['missing', 'text'],
      ['__proto__', 'x'],
      ['text', 'length'],
    ]) {
      const answer = await invoke('log:openHar', { text: '' }, [{ path, id }])
      expect(answer).toMatchObject({ ok: false, error: { code: 'invalid_request' } })
    }
    expect((await invoke('log:openHar', { text: '' }, [{ path: ['text'], id }])).ok).toBe(true)
  })

  it('refuses an upload without this page’s origin, without the session, for another host, or over the size limit', async () => {
    const body = har()
    const cookie = auth.Cookie as string
    const refused = [
      await post(host.port, { Cookie: cookie }, body),
      await post(host.port, { Cookie: cookie, Origin: 'http://evil.example' }, body),
      await post(host.port, { Origin: host.origin }, body),
      await post(host.port, { ...auth, Host: `rebound.example:${host.port}` }, body),
      await post(host.port, { ...auth, 'Content-Length': String(65 * 2 ** 20) }, 'x').catch(() => ({ status: 413, body: 'reset' })),
    ]
    expect(refused.map(r => r.status)).toEqual([403, 403, 401, 421, 413])
    expect(refused[0]?.body).toMatch(/only from this console's own page/)
    expect(refused[2]?.body).toMatch(/no session/)
  })
})

describe('an upload over the limit, streamed without a length, is refused as it crosses it', () => {
  let server: Server
  let port = 0
  const store = createUploadStore()

  beforeAll(async () => {
    server = createServer((req, res) => {
      void receiveUpload(req, store, 1000).then(answer => {
        res.setHeader('Connection', 'close')
        res.once('finish', () => req.destroy())
        res.writeHead(answer.ok ? 200 : answer.status)
        res.end(answer.ok ? answer.id : answer.message)
      })
    })
    await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve))
    const address = server.address()
    port = typeof address === 'object' && address ? address.port : 0
  })

  afterAll(async () => {
    store.clear()
    server.closeAllConnections()
    await new Promise(resolve => server.close(resolve))
  })

  it('answers 413 naming the limit, and keeps nothing', async () => {
    const answer = await post(port, { 'Transfer-Encoding': 'chunked' }, ['x'.repeat(600), 'x'.repeat(600)])
    expect(answer.status).toBe(413)
    expect(answer.body).toMatch(/over 1000 bytes, more than the 1000 bytes the console opens/)
    const small = await post(port, { 'Transfer-Encoding': 'chunked' }, ['x'.repeat(400), 'y'.repeat(400)])
    expect(small.status).toBe(200)
    const file = store.take(small.body)
    expect(file?.bytes).toBe(800)
    expect(Buffer.concat(file?.chunks ?? []).toString('utf8')).toBe(`${'x'.repeat(400)}${'y'.repeat(400)}`)
  })
})
