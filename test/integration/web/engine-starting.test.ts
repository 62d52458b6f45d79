import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { request } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import type { BridgeEngine } from '../../../src/main/bridge/engine-gate'
import { registerAppHandlers } from '../../../src/main/bridge/handlers/app-handlers'
import { HandlerRegistry } from '../../../src/main/bridge/registry'
import { EventBus } from '../../../src/main/engine/core/event-bus'
import { startWebHost, type WebHost } from '../../../src/main/web/web-host'
import type { AppInfo } from '../../../src/shared/contract'

// The web host serves the page before the engine is up (issue 23 item 2): the engine here is a promise the test
// settles itself, so "before" is a state, not a moment.

function get(port: number, path: string, cookie = ''): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const headers = { Host: `127.0.0.1:${port}`, ...(cookie ? { Cookie: cookie } : {}) }
    const req = request({ host: '127.0.0.1', port, path, headers }, res => {
      let body = ''
      res.on('data', d => {
        body += d
      })
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }))
    })
    req.on('error', reject)
    req.end()
  })
}

function openSocket(host: WebHost): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`ws://127.0.0.1:${host.port}/bridge`, {
      headers: { Origin: host.origin, Cookie: `${host.cookieName}=${host.sessionSecret}` },
    })
    ws.once('open', () => resolve(ws))
    ws.once('error', reject)
  })
}

function resultOf(
  ws: WebSocket,
  id: number,
): Promise<{ ok: boolean; value?: unknown; error?: { code: string; message: string; hint?: string } }> {
  return new Promise(resolve => {
    const onMessage = (data: WebSocket.RawData) => {
      const m = JSON.parse(String(data))
      if (m.t === 'result' && m.id === id) {
        ws.off('message', onMessage)
        resolve(m.result)
      }
    }
    ws.on('message', onMessage)
  })
}

const settled = async (p: Promise<unknown>): Promise<boolean> => {
  let done = false
  void p.then(() => {
    done = true
  })
  await new Promise(r => setImmediate(r))
  return done
}

describe('the web host while its engine is starting', () => {
  let dir: string
  let host: WebHost
  let engineUp: (engine: BridgeEngine) => void
  let engineFailed: (error: Error) => void
  const sockets: WebSocket[] = []

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'pc-web-starting-'))
    mkdirSync(join(dir, 'assets'))
    writeFileSync(
      join(dir, 'index.html'),
      '<!doctype html><script type="module" crossorigin src="./assets/index-1.js"></script>' +
        '<link rel="modulepreload" crossorigin href="./assets/dep-2.js"><link rel="stylesheet" href="./assets/index-3.css">',
    )
    for (const name of ['index-1.js', 'dep-2.js', 'index-3.css']) writeFileSync(join(dir, 'assets', name), `/* ${name} */`)
    const engine = new Promise<BridgeEngine>((resolve, reject) => {
      engineUp = resolve
      engineFailed = reject
    })
    // Generous grace and cap: only a page's socket may say the first screen is out here.
    host = await startWebHost({ runtime: engine, rendererDir: dir, firstScreenGraceMs: 600_000, firstScreenCapMs: 600_000 })
  })

  afterEach(async () => {
    for (const ws of sockets.splice(0)) ws.terminate()
    await host.close()
    rmSync(dir, { recursive: true, force: true })
  })

  const signIn = async () => {
    const launch = new URL(host.newLaunchUrl())
    const traded = await get(host.port, launch.pathname + launch.search)
    expect(traded.status).toBe(200)
    return `${host.cookieName}=${host.sessionSecret}`
  }

  it('serves the page and every file of its first screen with the engine not up, and starts no engine for files alone', async () => {
    const cookie = await signIn()
    const page = await get(host.port, '/', cookie)
    expect(page.status).toBe(200)
    expect(page.body).toContain('./assets/index-1.js')
    expect((await get(host.port, '/assets/index-1.js', cookie)).body).toBe('/* index-1.js */')
    expect((await get(host.port, '/assets/dep-2.js', cookie)).body).toBe('/* dep-2.js */')
    expect((await get(host.port, '/assets/index-3.css', cookie)).body).toBe('/* index-3.css */')
    // The page is still parsing, running and painting what it got: the engine's start would take a core from it.
    expect(await settled(host.firstScreenShown)).toBe(false)
    // A second read of a hashed file is answered the same (kept in memory).
    expect((await get(host.port, '/assets/index-1.js', cookie)).body).toBe('/* index-1.js */')
  })

  it('a page says its first screen is shown by connecting its socket (it does so after its first paint)', async () => {
    await signIn()
    expect(await settled(host.firstScreenShown)).toBe(false)
    sockets.push(await openSocket(host))
    await host.firstScreenShown
  })

  it('a host that opens the browser itself waits for that page past the grace, until it has painted', async () => {
    // Same grace for both; timers of one length fire in the order they were set: when the host nobody opens a browser
    // on is done waiting, the other's grace is over too.
    const opening = await startWebHost({ runtime: new Promise(() => {}), rendererDir: dir, firstScreenGraceMs: 1, pageExpected: true })
    const alone = await startWebHost({ runtime: new Promise(() => {}), rendererDir: dir, firstScreenGraceMs: 1 })
    try {
      await alone.firstScreenShown
      expect(await settled(opening.firstScreenShown)).toBe(false)
      const launch = new URL(opening.newLaunchUrl())
      expect((await get(opening.port, launch.pathname + launch.search)).status).toBe(200)
      sockets.push(await openSocket(opening))
      await opening.firstScreenShown
    } finally {
      await opening.close()
      await alone.close()
    }
  })

  it('a page that gets in while the engine is starting is served first: the start waits until that page has painted', async () => {
    // Nobody is loading a page: the engine's start goes on.
    expect(await settled(host.pageQuiet())).toBe(true)
    await signIn()
    sockets.push(await openSocket(host))
    await host.firstScreenShown
    // The engine is starting (the first screen is out) when a second browser gets in: its start pauses between pieces...
    await signIn()
    const quiet = host.pageQuiet()
    expect(await settled(quiet)).toBe(false)
    const cookie = `${host.cookieName}=${host.sessionSecret}`
    expect((await get(host.port, '/assets/index-1.js', cookie)).status).toBe(200)
    expect(await settled(quiet)).toBe(false)
    // ...until that page has painted and connected its socket.
    sockets.push(await openSocket(host))
    await quiet
    expect(await settled(host.pageQuiet())).toBe(true)
  })

  it('a call made before the engine is up waits for it and is answered by it', async () => {
    await signIn()
    const ws = await openSocket(host)
    sockets.push(ws)
    const answer = resultOf(ws, 1)
    ws.send(JSON.stringify({ t: 'invoke', id: 1, channel: 'app:info', payload: {} }))
    expect(await settled(answer)).toBe(false)
    const registry = new HandlerRegistry()
    registerAppHandlers(registry, { info: async () => ({ name: 'Partner API Console', version: 'engine-up' }) as AppInfo })
    engineUp({ registry, bus: new EventBus() })
    expect(await answer).toMatchObject({ ok: true, value: { version: 'engine-up' } })
  })

  it('a call cancelled while the engine starts answers cancelled at once and never runs', async () => {
    await signIn()
    const ws = await openSocket(host)
    sockets.push(ws)
    const answer = resultOf(ws, 7)
    ws.send(JSON.stringify({ t: 'invoke', id: 7, channel: 'app:info', payload: {} }))
    ws.send(JSON.stringify({ t: 'cancel', id: 7 }))
    const result = await answer
    expect(result.ok).toBe(false)
    expect(result.error?.code).toBe('cancelled')
    expect(result.error?.message).toContain('never ran')
    let ran = false
    const registry = new HandlerRegistry()
    registerAppHandlers(registry, {
      info: async () => {
        ran = true
        return { name: 'Partner API Console', version: 'late' } as AppInfo
      },
    })
    engineUp({ registry, bus: new EventBus() })
    const next = resultOf(ws, 8)
    ws.send(JSON.stringify({ t: 'invoke', id: 8, channel: 'app:info', payload: {} }))
    expect(await next).toMatchObject({ ok: true })
    expect(ran).toBe(true)
  })

  it('an engine that fails to start is said on every call, waiting or later, with what to do', async () => {
    await signIn()
    const ws = await openSocket(host)
    sockets.push(ws)
    const waiting = resultOf(ws, 1)
    ws.send(JSON.stringify({ t: 'invoke', id: 1, channel: 'app:info', payload: {} }))
    engineFailed(new Error('The vault file is not valid JSON.'))
    const first = await waiting
    const later = resultOf(ws, 2)
    ws.send(JSON.stringify({ t: 'invoke', id: 2, channel: 'app:info', payload: {} }))
    for (const result of [first, await later]) {
      expect(result.ok).toBe(false)
      expect(result.error?.code).toBe('internal')
      expect(result.error?.message).toBe("The console's engine did not start: The vault file is not valid JSON.")
      expect(result.error?.hint).toContain('partner-console web')
    }
  })
})
