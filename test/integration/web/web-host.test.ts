import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { request } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { registerAppHandlers } from '../../../src/main/bridge/handlers/app-handlers'
import { HandlerRegistry } from '../../../src/main/bridge/registry'
import { ConsoleError } from '../../../src/main/engine/core/console-error'
import { EventBus } from '../../../src/main/engine/core/event-bus'
import { startWebHost, type WebHost } from '../../../src/main/web/web-host'
import type { AppInfo } from '../../../src/shared/contract'

/** The query of a fresh one-time launch URL (`?token=…`). */
const launchQuery = (host: { newLaunchUrl(): string }) => new URL(host.newLaunchUrl()).search

interface Reply {
  status: number
  headers: Record<string, string | string[] | undefined>
  body: string
}

/** A raw HTTP GET on loopback with headers of our choosing (fetch forbids setting Host). */
function get(port: number, path: string, headers: Record<string, string> = {}): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, headers }, res => {
      let body = ''
      res.on('data', d => {
        body += d
      })
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }))
    })
    req.on('error', reject)
    req.end()
  })
}

function openSocket(port: number, headers: Record<string, string>): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`ws://127.0.0.1:${port}/bridge`, { headers })
    ws.once('open', () => resolve(ws))
    ws.once('unexpected-response', (_req, res) => reject(new Error(`refused with ${res.statusCode}`)))
    ws.once('error', reject)
  })
}

function nextMessage(ws: WebSocket, predicate: (m: Record<string, unknown>) => boolean = () => true): Promise<Record<string, unknown>> {
  return new Promise(resolve => {
    const onMessage = (data: WebSocket.RawData) => {
      const m = JSON.parse(String(data)) as Record<string, unknown>
      if (predicate(m)) {
        ws.off('message', onMessage)
        resolve(m)
      }
    }
    ws.on('message', onMessage)
  })
}

describe('web host over real HTTP and WebSocket', () => {
  let host: WebHost
  let dir: string
  const bus = new EventBus()
  let cookie: string
  let origin: string
  /** Resolved by the slow handler once it runs; it answers only when its call's signal aborts. */
  let slowStarted: () => void = () => {}
  let slowAborted: () => void = () => {}

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'pc-web-'))
    writeFileSync(join(dir, 'index.html'), '<!doctype html><title>console</title><p>first screen</p>')
    const registry = new HandlerRegistry()
    registerAppHandlers(registry, { info: async () => ({ name: 'Partner API Console', version: 't' }) as AppInfo })
    registry.handle(
      'http:send',
      (_req, { signal }) =>
        new Promise((_resolve, reject) => {
          signal.addEventListener('abort', () => {
            slowAborted()
            reject(new ConsoleError('cancelled', 'The request was cancelled.'))
          })
          slowStarted()
        }),
    )
    host = await startWebHost({ runtime: { registry, bus }, rendererDir: dir })
    origin = host.origin
    cookie = `${host.cookieName}=${host.sessionSecret}`
  })

  afterAll(async () => {
    await host.close()
    rmSync(dir, { recursive: true, force: true })
  })

  const hostHeader = () => ({ Host: `127.0.0.1:${host.port}` })

  it('refuses the page without a token', async () => {
    const r = await get(host.port, '/', hostHeader())
    expect(r.status).toBe(401)
    expect(r.body).toContain('one-time token')
  })

  it('refuses a wrong token', async () => {
    const r = await get(host.port, '/?token=not-the-token', hostHeader())
    expect(r.status).toBe(401)
    expect(r.headers['set-cookie']).toBeUndefined()
  })

  it('answers the printed token with the page itself and an HttpOnly SameSite=Strict cookie for it (no redirect)', async () => {
    const r = await get(host.port, `/${launchQuery(host)}`, hostHeader())
    expect(r.status).toBe(200)
    expect(r.headers.location).toBeUndefined()
    expect(r.body).toContain('first screen')
    expect(r.headers['cache-control']).toBe('no-store')
    const setCookie = String(r.headers['set-cookie'])
    expect(setCookie).toContain(`${host.cookieName}=`)
    expect(host.cookieName).toMatch(new RegExp(`^pc_session_${host.port}_[\\w-]{12}$`))
    expect(setCookie).toContain('HttpOnly')
    expect(setCookie).toContain('SameSite=Strict')
    const page = await get(host.port, '/', { ...hostHeader(), Cookie: cookie })
    expect(page.status).toBe(200)
    expect(page.body).toContain('first screen')
    expect(page.headers['content-security-policy']).toContain("script-src 'self'")
  })

  it('a launch URL opens one session: its second use gets the 401 page saying how to get a fresh URL', async () => {
    const url = host.newLaunchUrl()
    const first = await get(host.port, `/${new URL(url).search}`, hostHeader())
    expect(first.status).toBe(200)
    expect(String(first.headers['set-cookie'])).toContain(`${host.cookieName}=`)
    const second = await get(host.port, `/${new URL(url).search}`, hostHeader())
    expect(second.status).toBe(401)
    expect(second.headers['set-cookie']).toBeUndefined()
    expect(second.body).toContain('already used')
    expect(second.body).toContain('press Enter in the terminal')
    // A browser that already has the session gets the page, with no new cookie.
    const again = await get(host.port, `/${new URL(url).search}`, { ...hostHeader(), Cookie: cookie })
    expect(again.status).toBe(200)
    expect(again.headers['set-cookie']).toBeUndefined()
  })

  it('no launch URL carries the session secret, and each is different', async () => {
    const urls = [host.newLaunchUrl(), host.newLaunchUrl()]
    expect(urls[0]).not.toBe(urls[1])
    for (const url of urls) expect(url).not.toContain(host.sessionSecret)
  })

  it('refuses a foreign Host header even with a valid token (DNS rebinding)', async () => {
    const r = await get(host.port, '/', { Host: `attacker.example:${host.port}`, Cookie: cookie })
    expect(r.status).toBe(421)
    const r2 = await get(host.port, `/${launchQuery(host)}`, { Host: 'attacker.example' })
    expect(r2.status).toBe(421)
  })

  it('refuses path traversal out of the renderer folder', async () => {
    const r = await get(host.port, '/..%2f..%2f..%2fetc%2fpasswd', { ...hostHeader(), Cookie: cookie })
    expect(r.body).not.toContain('root:')
  })

  it('refuses a socket from a foreign Origin, without a session, or with a foreign Host', async () => {
    await expect(openSocket(host.port, { Origin: 'http://evil.example', Cookie: cookie })).rejects.toThrow('403')
    await expect(openSocket(host.port, { Origin: origin })).rejects.toThrow('401')
    await expect(openSocket(host.port, { Origin: origin, Cookie: cookie, Host: 'evil.example' })).rejects.toThrow('421')
  })

  it('answers a valid call and forwards engine events', async () => {
    const ws = await openSocket(host.port, { Origin: origin, Cookie: cookie })
    const reply = nextMessage(ws, m => m.t === 'result')
    ws.send(JSON.stringify({ t: 'invoke', id: 7, channel: 'app:ping', payload: { echo: 'hello' } }))
    expect(await reply).toMatchObject({ t: 'result', id: 7, result: { ok: true, value: { echo: 'hello' } } })
    const event = nextMessage(ws, m => m.t === 'event')
    bus.emit('app:heartbeat', { seq: 1, at: 'now', uptimeSeconds: 3 })
    expect(await event).toEqual({ t: 'event', name: 'app:heartbeat', payload: { seq: 1, at: 'now', uptimeSeconds: 3 } })
    ws.close()
  })

  it('answers malformed messages with errors and keeps serving the socket', async () => {
    const ws = await openSocket(host.port, { Origin: origin, Cookie: cookie })
    const e1 = nextMessage(ws)
    ws.send('{not json')
    expect(await e1).toMatchObject({ t: 'error' })
    const e2 = nextMessage(ws)
    ws.send(JSON.stringify({ t: 'invoke', id: 3, channel: 'app:ping', payload: { echo: 5 } }))
    expect(await e2).toMatchObject({ t: 'result', id: 3, result: { ok: false, error: { code: 'invalid_request' } } })
    const e3 = nextMessage(ws)
    ws.send(JSON.stringify({ t: 'invoke', id: 4, channel: 'fs:readFile', payload: {} }))
    expect(await e3).toMatchObject({ t: 'result', id: 4, result: { ok: false, error: { code: 'unknown_channel' } } })
    const ok = nextMessage(ws, m => m.t === 'result' && m.id === 5)
    ws.send(JSON.stringify({ t: 'invoke', id: 5, channel: 'app:ping', payload: { echo: 'still here' } }))
    expect(await ok).toMatchObject({ result: { ok: true } })
    ws.close()
  })

  /** The slow handler's two moments, as promises (the handler says when: no polling). */
  function slowCall() {
    const started = new Promise<void>(resolve => {
      slowStarted = resolve
    })
    let aborts = 0
    const aborted = new Promise<void>(resolve => {
      slowAborted = () => {
        aborts += 1
        resolve()
      }
    })
    return { started, aborted, aborts: () => aborts }
  }

  it('a cancel message aborts the signal of that call only, and the call answers cancelled', async () => {
    const ws = await openSocket(host.port, { Origin: origin, Cookie: cookie })
    const slow = slowCall()
    const reply = nextMessage(ws, m => m.t === 'result' && m.id === 21)
    ws.send(JSON.stringify({ t: 'invoke', id: 21, channel: 'http:send', payload: { method: 'GET', path: '/slow' } }))
    await slow.started
    ws.send(JSON.stringify({ t: 'cancel', id: 99 }))
    const ping = nextMessage(ws, m => m.t === 'result' && m.id === 22)
    ws.send(JSON.stringify({ t: 'invoke', id: 22, channel: 'app:ping', payload: { echo: 'x' } }))
    await ping
    expect(slow.aborts()).toBe(0)
    ws.send(JSON.stringify({ t: 'cancel', id: 21 }))
    expect(await reply).toMatchObject({ t: 'result', id: 21, result: { ok: false, error: { code: 'cancelled' } } })
    expect(slow.aborts()).toBe(1)
    ws.close()
  })

  it('a closed socket aborts the calls it still had running', async () => {
    const ws = await openSocket(host.port, { Origin: origin, Cookie: cookie })
    const slow = slowCall()
    ws.send(JSON.stringify({ t: 'invoke', id: 1, channel: 'http:send', payload: { method: 'GET', path: '/slow' } }))
    await slow.started
    ws.close()
    await slow.aborted
    expect(slow.aborts()).toBe(1)
  })
})
