import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { registerAppHandlers } from '../../../src/main/bridge/handlers/app-handlers'
import { HandlerRegistry } from '../../../src/main/bridge/registry'
import { ConsoleError } from '../../../src/main/engine/core/console-error'
import { EventBus } from '../../../src/main/engine/core/event-bus'
import { startWebHost, type WebHost } from '../../../src/main/web/web-host'
import type { AppInfo, FileText } from '../../../src/shared/contract'

/** A HAR text of about `bytes` bytes, with quotes, backslashes and non-ASCII in it (what escaping must survive). */
function bigHar(bytes: number): string {
  const entry = { note: 'ü "quoted" \\ back\nslash 😀', pad: 'x'.repeat(900) }
  return JSON.stringify({ log: { entries: Array.from({ length: Math.ceil(bytes / 1000) }, () => entry) } })
}

/** A handler's FileText as the text it carries (a socket message's text arrives as it is; an upload's as bytes). */
const textOf = (text: FileText) => (typeof text === 'string' ? text : Buffer.concat([text].flat()).toString('utf8'))

describe('large bridge messages (a HAR or a bundle inside) are read off the main thread', () => {
  let host: WebHost
  let dir: string
  let ws: WebSocket
  const received: string[] = []
  let aborted: (reason: string) => void = () => {}

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'pc-web-large-'))
    writeFileSync(join(dir, 'index.html'), '<!doctype html><title>console</title>')
    const registry = new HandlerRegistry()
    registerAppHandlers(registry, { info: async () => ({ name: 'Partner API Console', version: 't' }) as AppInfo })
    registry.handle('log:openHar', req => {
      received.push(textOf(req.text))
      return { imported: 0, ids: [], dropped: 0, skipped: [] }
    })
    registry.handle(
      'bundle:open',
      (req, { signal }) =>
        new Promise((_resolve, reject) => {
          signal.addEventListener('abort', () => {
            aborted(textOf(req.text).slice(0, 20))
            reject(new ConsoleError('cancelled', 'The open was cancelled.'))
          })
        }),
    )
    host = await startWebHost({ runtime: { registry, bus: new EventBus() }, rendererDir: dir })
    ws = new WebSocket(`ws://127.0.0.1:${host.port}/bridge`, {
      headers: { Origin: host.origin, Cookie: `${host.cookieName}=${host.sessionSecret}` },
    })
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

  function next(predicate: (m: Record<string, unknown>) => boolean): Promise<Record<string, unknown>> {
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

  it('hands a 3 MB HAR to its handler exactly as sent, and answers small calls meanwhile', async () => {
    const text = bigHar(3_000_000)
    const done = next(m => m.id === 1)
    const info = next(m => m.id === 2)
    ws.send(JSON.stringify({ t: 'invoke', id: 1, channel: 'log:openHar', payload: { text } }))
    ws.send(JSON.stringify({ t: 'invoke', id: 2, channel: 'app:info', payload: {} }))
    expect(await info).toMatchObject({ t: 'result', id: 2, result: { ok: true, value: { version: 't' } } })
    expect(await done).toMatchObject({ t: 'result', id: 1, result: { ok: true, value: { imported: 0 } } })
    expect(received.at(-1)).toBe(text)
  })

  it('refuses a large message that is not JSON, or not a bridge message, as a small one is refused', async () => {
    const notJson = next(m => m.t === 'error')
    ws.send(`{"t":"invoke","id":3,"channel":"log:openHar","payload":{"text":"${'x'.repeat(1_000_000)}"}`)
    expect(await notJson).toEqual({ t: 'error', message: 'The message is not valid JSON.' })
    const notInvoke = next(m => m.id === 4)
    ws.send(JSON.stringify({ t: 'invoke', id: 4, channel: 'log:openHar', payload: { text: 'x'.repeat(1_000_000) }, extra: 1 }))
    expect(await notInvoke).toMatchObject({ result: { ok: false, error: { code: 'invalid_request' } } })
    const proto = next(m => m.id === 5)
    ws.send(`{"t":"invoke","id":5,"channel":"log:openHar","payload":{"text":"${'y'.repeat(1_000_000)}","__proto__":{"text":"z"}}}`)
    expect(await proto).toMatchObject({ result: { ok: false, error: { code: 'invalid_request' } } })
  })

  it('a cancel sent right after a large invoke still cancels it, though it arrives before the invoke is read', async () => {
    let ran = false
    aborted = () => {
      ran = true
    }
    const answer = next(m => m.id === 6)
    ws.send(JSON.stringify({ t: 'invoke', id: 6, channel: 'bundle:open', payload: { text: `bundle-6 ${'b'.repeat(2_000_000)}` } }))
    ws.send(JSON.stringify({ t: 'cancel', id: 6 }))
    expect(await answer).toMatchObject({ t: 'result', id: 6, result: { ok: false, error: { code: 'cancelled' } } })
    // Answered without running: the handler never started (it answers only when its own call is aborted).
    expect(ran).toBe(false)
    const info = next(m => m.id === 7)
    ws.send(JSON.stringify({ t: 'invoke', id: 7, channel: 'app:info', payload: {} }))
    expect(await info).toMatchObject({ result: { ok: true } })
  })
})
