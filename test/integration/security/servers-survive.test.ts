import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { registerAppHandlers } from '../../../src/main/bridge/handlers/app-handlers'
import { HandlerRegistry } from '../../../src/main/bridge/registry'
import { ConsoleError } from '../../../src/main/engine/core/console-error'
import { EventBus } from '../../../src/main/engine/core/event-bus'
import { startLoopbackCatcher } from '../../../src/main/engine/oauth/loopback-catcher'
import { findFreePort } from '../../../src/main/runtime/free-port'
import { startWebHost, type WebHost } from '../../../src/main/web/web-host'
import { startSandbox } from '../../../src/sandbox'
import type { AppInfo } from '../../../src/shared/contract'
import { rawGet, resetMidRequest, upgradeThenReset } from '../../support/raw-attacks'

/** The query of a fresh one-time launch URL (`?token=…`). */
const launchQuery = (host: { newLaunchUrl(): string }) => new URL(host.newLaunchUrl()).search

// Attacks from another local process with raw sockets (docs/security.md, items 1 and 2). A server that crashed here
// would take this test worker down with it ("Unhandled error"), so each test also proves the process survived.

const closers: Array<() => Promise<unknown>> = []
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close()
})

async function webHost(registry = appRegistry()): Promise<WebHost> {
  const dir = mkdtempSync(join(tmpdir(), 'pc-attack-'))
  writeFileSync(join(dir, 'index.html'), '<!doctype html><p>console</p>')
  const host = await startWebHost({ runtime: { registry, bus: new EventBus() }, rendererDir: dir })
  closers.push(async () => {
    await host.close()
    rmSync(dir, { recursive: true, force: true })
  })
  return host
}

function appRegistry(): HandlerRegistry {
  const registry = new HandlerRegistry()
  registerAppHandlers(registry, { info: async () => ({ name: 'Partner API Console', version: 't' }) as AppInfo })
  return registry
}

function openSocket(host: WebHost, cookie: string): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`ws://127.0.0.1:${host.port}/bridge`, { headers: { Origin: host.origin, Cookie: cookie } })
    ws.once('open', () => resolve(ws))
    ws.once('unexpected-response', (_q, res) => reject(new Error(String(res.statusCode))))
    ws.once('error', reject)
    closers.push(async () => ws.terminate())
  })
}

function invoke(ws: WebSocket, channel: string, payload: unknown): Promise<Record<string, unknown>> {
  return new Promise(resolve => {
    ws.once('message', data => resolve(JSON.parse(String(data))))
    ws.send(JSON.stringify({ t: 'invoke', id: 7, channel, payload }))
  })
}

describe('no single connection stops the web host', () => {
  it('survives Upgrade requests that are refused and then reset, on every refusal path', async () => {
    const host = await webHost()
    const session = `${host.cookieName}=${host.sessionSecret}`
    expect(await upgradeThenReset(host.port, '/not-the-bridge')).toMatch(/^HTTP\/1\.1 404/)
    expect(await upgradeThenReset(host.port, '/bridge', { Host: 'rebind.example' })).toMatch(/^HTTP\/1\.1 421/)
    expect(await upgradeThenReset(host.port, '/bridge', { Origin: 'http://127.0.0.1:1' })).toMatch(/^HTTP\/1\.1 403/)
    expect(await upgradeThenReset(host.port, '/bridge', { Origin: host.origin })).toMatch(/^HTTP\/1\.1 401/)
    // Accepted, then reset while the socket is open.
    expect(await upgradeThenReset(host.port, '/bridge', { Origin: host.origin, Cookie: session })).toMatch(/^HTTP\/1\.1 101/)
    await resetMidRequest(host.port, `GET / HTTP/1.1\r\nHost: 127.0.0.1:${host.port}\r\nUpgrade: websocket\r\n`)
    expect((await rawGet(host.port, '/', { Cookie: session })).status).toBe(200)
    const ws = await openSocket(host, session)
    expect(await invoke(ws, 'app:info', {})).toMatchObject({ t: 'result', id: 7, result: { ok: true } })
  })

  it('treats a cookie that does not percent-decode as no session, on the socket and on pages', async () => {
    const host = await webHost()
    const bad = '%E0%A4%A'
    for (const cookie of [`${host.cookieName}=${bad}`, `x=${bad}`, `${host.cookieName}=${bad}; ${host.cookieName}=%`]) {
      expect(await upgradeThenReset(host.port, '/bridge', { Origin: host.origin, Cookie: cookie })).toMatch(/^HTTP\/1\.1 401/)
      expect((await rawGet(host.port, '/', { Cookie: cookie })).status).toBe(401)
    }
    // The real session next to an undecodable planted one still works.
    const mixed = `${host.cookieName}=${bad}; ${host.cookieName}=${host.sessionSecret}`
    expect((await rawGet(host.port, '/', { Cookie: mixed })).status).toBe(200)
    await expect(openSocket(host, mixed)).resolves.toBeInstanceOf(WebSocket)
  })

  it('accepts the session when any cookie of its name matches (a planted one first does not lock the user out)', async () => {
    const host = await webHost()
    const planted = `${host.cookieName}=planted-by-another-port; ${host.cookieName}=${host.sessionSecret}`
    expect((await rawGet(host.port, '/', { Cookie: planted })).status).toBe(200)
    await expect(openSocket(host, planted)).resolves.toBeInstanceOf(WebSocket)
    // The old guessable name carries nothing any more.
    expect((await rawGet(host.port, '/', { Cookie: `pc_session_${host.port}=${host.sessionSecret}` })).status).toBe(401)
  })

  it('answers a call whose dispatch itself rejects, and keeps serving', async () => {
    // The error path fails (here: a redactor that throws), so dispatch() rejects instead of returning a value.
    const registry = new HandlerRegistry(() => {
      throw new Error('redactor broke')
    })
    registerAppHandlers(registry, {
      info: async () => {
        throw new ConsoleError('internal', 'boom')
      },
    })
    const host = await webHost(registry)
    const ws = await openSocket(host, `${host.cookieName}=${host.sessionSecret}`)
    const reply = await invoke(ws, 'app:info', {})
    expect(reply).toMatchObject({ t: 'result', id: 7, result: { ok: false, error: { code: 'internal' } } })
    expect((await rawGet(host.port, '/', { Cookie: `${host.cookieName}=${host.sessionSecret}` })).status).toBe(200)
  })
})

describe('the web host never redirects off-site', () => {
  it('/.//host/x with the token trades it for the cookie in the page itself: no Location to send a browser anywhere', async () => {
    const host = await webHost()
    for (const path of ['/.//evil.example/x', '//evil.example/x', '/./%2F/evil.example']) {
      const answer = await rawGet(host.port, `${path}${launchQuery(host)}`)
      expect(Math.floor(answer.status / 100)).not.toBe(3)
      expect(answer.text).toMatch(/\r\nSet-Cookie: pc_session_/i)
      expect(answer.text).not.toMatch(/\r\nLocation:/i)
    }
  })
})

describe('no single connection stops the sandbox or the loopback catcher', () => {
  it('the sandbox survives an Upgrade that is reset and a request reset halfway through its body', async () => {
    const sandbox = await startSandbox({ quiet: true })
    closers.push(() => sandbox.close())
    const { port } = new URL(sandbox.url)
    await upgradeThenReset(Number(port), '/oauth2/token')
    await resetMidRequest(
      Number(port),
      `POST /oauth2/token HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 500\r\n\r\ngrant_type=auth`,
    )
    const answer = await rawGet(Number(port), '/_sandbox/openapi.json')
    expect(answer.status).toBe(200)
  })

  it('the loopback catcher survives an Upgrade that is reset and keeps waiting for the redirect', async () => {
    const port = await findFreePort()
    const received: unknown[] = []
    const catcher = await startLoopbackCatcher({
      redirectUri: `http://127.0.0.1:${port}/callback`,
      timeoutMs: 30_000,
      onCallback: async params => {
        received.push(params)
        return { outcome: 'success', title: 'Done', message: 'ok' }
      },
      onTimeout: () => {},
    })
    closers.push(() => catcher.close())
    await upgradeThenReset(port, '/callback')
    await resetMidRequest(port, `GET /callback?code=x HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n`)
    const page = await rawGet(port, '/callback?code=the-code&state=s')
    expect(page.status).toBe(200)
    expect(received).toEqual([{ code: 'the-code', state: 's' }])
  })
})
