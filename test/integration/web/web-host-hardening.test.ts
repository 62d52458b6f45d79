import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { request } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { registerAppHandlers } from '../../../src/main/bridge/handlers/app-handlers'
import { HandlerRegistry } from '../../../src/main/bridge/registry'
import { EventBus } from '../../../src/main/engine/core/event-bus'
import { startWebHost, type WebHost } from '../../../src/main/web/web-host'
import type { AppInfo } from '../../../src/shared/contract'
import { WEB_MAX_MESSAGE_BYTES } from '../../../src/shared/contract'

function status(port: number, path: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, headers }, res => {
      res.resume()
      res.on('end', () => resolve(res.statusCode ?? 0))
    })
    req.on('error', reject)
    req.end()
  })
}

function connect(port: number, headers: Record<string, string>): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`ws://127.0.0.1:${port}/bridge`, { headers, maxPayload: 0 })
    ws.once('open', () => resolve(ws))
    ws.once('unexpected-response', (_q, res) => reject(new Error(String(res.statusCode))))
    ws.once('error', reject)
  })
}

/** Sends messages and collects that many replies. */
function exchange(ws: WebSocket, messages: (string | Buffer)[]): Promise<Record<string, unknown>[]> {
  return new Promise((resolve, reject) => {
    const replies: Record<string, unknown>[] = []
    const onMessage = (d: WebSocket.RawData) => {
      replies.push(JSON.parse(String(d)))
      if (replies.length === messages.length) {
        ws.off('message', onMessage)
        resolve(replies)
      }
    }
    ws.on('message', onMessage)
    ws.once('close', code => reject(new Error(`socket closed (${code}) after ${replies.length} replies`)))
    for (const m of messages) ws.send(m)
  })
}

describe('web host hardening', () => {
  let host: WebHost
  let dir: string
  let auth: Record<string, string>

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'pc-webh-'))
    writeFileSync(join(dir, 'index.html'), '<!doctype html><p>ok</p>')
    const registry = new HandlerRegistry()
    registerAppHandlers(registry, { info: async () => ({ version: 't' }) as AppInfo })
    host = await startWebHost({ runtime: { registry, bus: new EventBus() }, rendererDir: dir })
    auth = { Origin: host.origin, Cookie: `${host.cookieName}=${host.sessionSecret}` }
  })

  afterAll(async () => {
    await host.close()
    rmSync(dir, { recursive: true, force: true })
  })

  it('refuses every combination of missing or wrong credentials', async () => {
    const h = `127.0.0.1:${host.port}`
    expect(await status(host.port, '/', { Host: h })).toBe(401)
    expect(await status(host.port, '/?token=wrong', { Host: h })).toBe(401)
    expect(await status(host.port, '/', { Host: h, Cookie: `${host.cookieName}=wrong` })).toBe(401)
    expect(await status(host.port, '/', { Host: h, Cookie: `pc_session_${host.port + 1}=${host.sessionSecret}` })).toBe(401)
    expect(await status(host.port, '/', { Host: `rebind.example:${host.port}`, Cookie: auth.Cookie ?? '' })).toBe(421)
    await expect(connect(host.port, { Origin: 'http://127.0.0.1:1', Cookie: auth.Cookie ?? '' })).rejects.toThrow('403')
    await expect(connect(host.port, { Origin: 'null', Cookie: auth.Cookie ?? '' })).rejects.toThrow('403')
    await expect(connect(host.port, { Origin: host.origin, Cookie: `${host.cookieName}=wrong` })).rejects.toThrow('401')
  })

  it('refuses a burst of 1,000 invalid calls one by one, and keeps serving', async () => {
    const ws = await connect(host.port, auth)
    const bad: string[] = []
    for (let i = 0; i < 1000; i++) {
      const kind = i % 5
      if (kind === 0) bad.push('{]')
      else if (kind === 1) bad.push(JSON.stringify({ t: 'invoke', id: i, channel: 'nope:nothing', payload: {} }))
      else if (kind === 2) bad.push(JSON.stringify({ t: 'invoke', id: i, channel: 'app:ping', payload: { echo: 1 } }))
      else if (kind === 3) bad.push(JSON.stringify({ t: 'invoke', id: -1, channel: 'app:ping', payload: {} }))
      else bad.push(JSON.stringify([1, 2, 3]))
    }
    const replies = await exchange(ws, bad)
    expect(replies).toHaveLength(1000)
    for (const r of replies) {
      const refused = r.t === 'error' || (r.t === 'result' && (r.result as { ok: boolean }).ok === false)
      expect(refused).toBe(true)
    }
    const [ok] = await exchange(ws, [JSON.stringify({ t: 'invoke', id: 5000, channel: 'app:ping', payload: { echo: 'alive' } })])
    expect(ok).toMatchObject({ id: 5000, result: { ok: true, value: { echo: 'alive' } } })
    ws.close()
  })

  it('drops a socket that sends more than the largest allowed message, and serves the next one', async () => {
    const ws = await connect(host.port, auth)
    const closed = new Promise<number>(resolve => ws.once('close', code => resolve(code)))
    ws.send(Buffer.alloc(WEB_MAX_MESSAGE_BYTES + 1024, 0x61).toString())
    expect(await closed).toBe(1009)
    const again = await connect(host.port, auth)
    const [ok] = await exchange(again, [JSON.stringify({ t: 'invoke', id: 1, channel: 'app:ping', payload: { echo: 'next' } })])
    expect(ok).toMatchObject({ result: { ok: true } })
    again.close()
    expect(await status(host.port, '/', { Host: `127.0.0.1:${host.port}`, Cookie: auth.Cookie ?? '' })).toBe(200)
  })

  it('answers binary frames with an error instead of dispatching them', async () => {
    const ws = await connect(host.port, auth)
    const [reply] = await exchange(ws, [Buffer.from(JSON.stringify({ t: 'invoke', id: 1, channel: 'app:ping', payload: { echo: 'x' } }))])
    expect(reply).toMatchObject({ t: 'error' })
    ws.close()
  })

  it('refuses methods other than GET for pages', async () => {
    const code = await new Promise<number>((resolve, reject) => {
      const req = request(
        { host: '127.0.0.1', port: host.port, path: '/', method: 'POST', headers: { Host: `127.0.0.1:${host.port}` } },
        res => {
          res.resume()
          resolve(res.statusCode ?? 0)
        },
      )
      req.on('error', reject)
      req.end('x')
    })
    expect(code).toBe(405)
  })
})
