import { request } from 'node:http'
import { createServer } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { ConsoleError } from '../../../../src/main/engine/core/console-error'
import { loopbackBinding, startLoopbackCatcher } from '../../../../src/main/engine/oauth/loopback-catcher'
import type { CallbackParams } from '../../../../src/main/engine/oauth/redirect-match'
import { findFreePort } from '../../../../src/main/runtime/free-port'
import { listenerClosed } from '../../../support/ports'

const closers: Array<() => Promise<unknown>> = []
afterEach(async () => {
  for (const c of closers.splice(0)) await c()
})

async function get(url: string): Promise<{ status: number; body: string } | null> {
  try {
    const r = await fetch(url, { signal: AbortSignal.timeout(2000) })
    return { status: r.status, body: await r.text() }
  } catch {
    return null
  }
}

describe('loopback catcher', () => {
  it('hands over the first answer, shows a closing page, then stops listening', async () => {
    const port = await findFreePort()
    const received: CallbackParams[] = []
    const catcher = await startLoopbackCatcher({
      redirectUri: `http://127.0.0.1:${port}/cb`,
      timeoutMs: 10_000,
      onCallback: async p => {
        received.push(p)
        return { outcome: 'success', title: 'Authorization complete', message: 'Done <b>.' }
      },
      onTimeout: () => {},
    })
    closers.push(() => catcher.close())
    expect(catcher.listeningOn).toBe(`http://127.0.0.1:${port}/cb`)
    expect((await get(`http://127.0.0.1:${port}/other?code=1`))?.status).toBe(404)
    expect((await get(`http://127.0.0.1:${port}/cb`))?.status).toBe(404)
    const page = await get(`http://127.0.0.1:${port}/cb?code=the-code&state=s`)
    expect(page?.status).toBe(200)
    expect(page?.body).toContain('You can close this tab')
    expect(page?.body).toContain('Done &lt;b&gt;.')
    expect(received).toEqual([{ code: 'the-code', state: 's' }])
    // The listener closes once the page is sent; the close itself says when (the connection it drops).
    await listenerClosed(port)
    expect(await get(`http://127.0.0.1:${port}/cb?code=again`)).toBeNull()
  })

  it('refuses requests addressed to a non-loopback Host (DNS rebinding)', async () => {
    const port = await findFreePort()
    const catcher = await startLoopbackCatcher({
      redirectUri: `http://127.0.0.1:${port}/cb`,
      timeoutMs: 5000,
      onCallback: async () => ({ outcome: 'success', title: 't', message: 'm' }),
      onTimeout: () => {},
    })
    closers.push(() => catcher.close())
    const status = await new Promise<number>((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port, path: '/cb?code=x', headers: { host: 'evil.example' } }, res => {
        res.resume()
        resolve(res.statusCode ?? 0)
      })
      req.on('error', reject)
      req.end()
    })
    expect(status).toBe(400)
  })

  it('times out and closes', async () => {
    const port = await findFreePort()
    let timedOut = false
    let said!: () => void
    const timeout = new Promise<void>(resolve => {
      said = resolve
    })
    await startLoopbackCatcher({
      redirectUri: `http://127.0.0.1:${port}/cb`,
      timeoutMs: 100,
      onCallback: async () => ({ outcome: 'success', title: 't', message: 'm' }),
      onTimeout: () => {
        timedOut = true
        said()
      },
    })
    // The catcher says when it timed out (onTimeout); it has closed its listener by then.
    await timeout
    expect(timedOut).toBe(true)
    expect(await get(`http://127.0.0.1:${port}/cb?code=late`)).toBeNull()
  })

  it('names the busy port and what to do', async () => {
    const blocker = createServer()
    await new Promise<void>(resolve => blocker.listen(0, '127.0.0.1', () => resolve()))
    closers.push(() => new Promise(r => blocker.close(r)))
    const port = (blocker.address() as { port: number }).port
    const error = await startLoopbackCatcher({
      redirectUri: `http://127.0.0.1:${port}/cb`,
      timeoutMs: 1000,
      onCallback: async () => ({ outcome: 'success', title: '', message: '' }),
      onTimeout: () => {},
    }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ConsoleError)
    expect((error as ConsoleError).code).toBe('conflict')
    expect((error as ConsoleError).message).toContain(`Port ${port} on 127.0.0.1 is already in use`)
    expect((error as ConsoleError).hint).toContain(`lsof -i :${port}`)
  })

  it('binds only loopback redirect URIs', () => {
    expect(loopbackBinding('http://localhost:8000/cb')).toEqual({ host: '127.0.0.1', port: 8000, path: '/cb' })
    expect(loopbackBinding('http://[::1]:8000/cb')).toEqual({ host: '::1', port: 8000, path: '/cb' })
    expect(loopbackBinding('http://127.0.0.1/cb').port).toBe(80)
    expect(() => loopbackBinding('https://app.example.com/cb')).toThrow(/only listens on http:\/\/127\.0\.0\.1/)
    expect(() => loopbackBinding('http://192.168.1.5:8000/cb')).toThrow(ConsoleError)
  })
})
