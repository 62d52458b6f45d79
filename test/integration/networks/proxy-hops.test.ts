import { createServer as createHttpServer, type IncomingMessage } from 'node:http'
import { createServer as createHttpsServer } from 'node:https'
import type { AddressInfo, Socket } from 'node:net'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { main } from '../../../src/main/cli/index'
import type { ConsoleError } from '../../../src/main/engine/core/console-error'
import { findFreePort } from '../../../src/main/runtime/free-port'
import { ensureSandboxTls, type RunningSandbox, type SandboxTlsFiles, startSandbox } from '../../../src/sandbox'
import { TextSink } from '../../support/in-process-cli'
import { startTestConsole } from '../requests/support'
import { startForwardProxy } from './proxy-server'
import { envWith, requestsEngine, tempDir } from './support'

/**
 * Every network error says which hop failed: the proxy (named, with what to fix there) or the server (named, "through
 * the proxy" when one carried it), through the engine, the CLI's walkthrough (its headless authorize uses fetch) and
 * the bridge. Real proxies on loopback: TooTallNate's `proxy`, and small CONNECT servers answering a chosen status.
 */

let tmp: Awaited<ReturnType<typeof tempDir>>
let tls: SandboxTlsFiles
let sandbox: RunningSandbox
const { engine } = requestsEngine()
const cleanups: Array<() => Promise<unknown>> = []

beforeAll(async () => {
  tmp = await tempDir()
  tls = await ensureSandboxTls(tmp.dir)
  sandbox = await startSandbox({ quiet: true, tls: { cert: tls.cert, key: tls.key } })
})
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c()
})
afterAll(async () => {
  await engine.layer.close()
  await sandbox.close()
  await tmp.cleanup()
})

async function failure(promise: Promise<unknown>): Promise<ConsoleError> {
  try {
    await promise
  } catch (error) {
    return error as ConsoleError
  }
  throw new Error('expected the request to fail')
}

const get = (env: ReturnType<typeof envWith>) =>
  engine.executor.execute({ env, method: 'GET', target: 'api', path: '/_sandbox/openapi.json', auth: 'none' })

/** A proxy that answers every CONNECT with `status` (and these headers), recording the Proxy-Authorization it got. */
async function connectAnswering(status: number, headers: string[] = []) {
  const server = createHttpServer()
  const seen: Array<string | undefined> = []
  server.on('connect', (req: IncomingMessage, socket: Socket) => {
    seen.push(req.headers['proxy-authorization'])
    socket.end(`HTTP/1.1 ${status} Refused\r\n${headers.map(h => `${h}\r\n`).join('')}Content-Length: 0\r\n\r\n`)
  })
  await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve))
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  cleanups.push(
    () =>
      new Promise<void>(resolve => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  )
  return { url, seen }
}

const host = () => new URL(sandbox.url).host

describe('network errors name the hop that failed', () => {
  it('a proxy with nothing listening: the proxy is named, not the server (walkthrough through --proxy, headless authorize)', async () => {
    const port = await findFreePort()
    const out = new TextSink()
    const err = new TextSink()
    const code = await main(['walkthrough', '--sandbox', '--proxy', `http://127.0.0.1:${port}`], { stdout: out, stderr: err })
    expect(code).toBe(1)
    const text = out.text + err.text
    expect(text).toMatch(
      new RegExp(
        `The proxy http://127\\.0\\.0\\.1:${port} refused the connection \\(nothing listens there\\) \\(ECONNREFUSED\\), so 127\\.0\\.0\\.1:\\d+ was not reached\\.`,
      ),
    )
    expect(text).toMatch(/hint: The proxy is the problem, not 127\.0\.0\.1:\d+/)
    expect(text).not.toMatch(/127\.0\.0\.1:\d+ refused the connection: nothing is listening there/)
  })

  it('a wrong proxy password: "rejected the user name and password (407)", in the walkthrough and the engine', async () => {
    const proxy = await startForwardProxy({ credentials: { username: 'alice', password: 'right-pw' } })
    cleanups.push(() => proxy.close())
    const out = new TextSink()
    const err = new TextSink()
    const wrong = proxy.url.replace('http://', 'http://alice:wrong-pw@')
    const code = await main(['walkthrough', '--sandbox', '--proxy', wrong], { stdout: out, stderr: err })
    expect(code).toBe(1)
    const text = out.text + err.text
    expect(text).toContain(`The proxy ${proxy.url} refused to open a tunnel to`)
    expect(text).toContain('it rejected the user name and password (407 Proxy Authentication Required).')
    expect(text).not.toMatch(/UND_ERR_ABORTED|Proxy response \(407\)|wrong-pw/)

    const e = await failure(
      get(envWith({ caFiles: [tls.caFile], proxy: { mode: 'url', url: proxy.url, username: 'alice', password: 'nope' } }, sandbox.url)),
    )
    expect(e.message).toBe(
      `The proxy ${proxy.url} refused to open a tunnel to ${host()}: it rejected the user name and password (407 Proxy Authentication Required).`,
    )
    expect(e.hint).toMatch(/proxy user name and password/)
    expect(e.details).toMatchObject({ hop: 'proxy', proxy: proxy.url, proxyStatus: 407 })
  })

  it('a proxy that wants Negotiate, forbids the host, or cannot reach it: each says so, naming the proxy', async () => {
    const negotiate = await connectAnswering(407, ['Proxy-Authenticate: Negotiate', 'Proxy-Authenticate: NTLM'])
    let e = await failure(get(envWith({ caFiles: [tls.caFile], proxy: { mode: 'url', url: negotiate.url } }, sandbox.url)))
    expect(e.message).toBe(
      `The proxy ${negotiate.url} refused to open a tunnel to ${host()}: it asks for Negotiate or NTLM authentication (407), which this console cannot do.`,
    )
    expect(e.hint).toMatch(/cntlm, px/)
    const forbidden = await connectAnswering(403)
    e = await failure(get(envWith({ caFiles: [tls.caFile], proxy: { mode: 'url', url: forbidden.url } }, sandbox.url)))
    expect(e.message).toBe(`The proxy ${forbidden.url} refused to open a tunnel to ${host()}: it forbids that destination (403).`)
    const gateway = await connectAnswering(502)
    e = await failure(get(envWith({ caFiles: [tls.caFile], proxy: { mode: 'url', url: gateway.url } }, sandbox.url)))
    expect(e.message).toBe(`The proxy ${gateway.url} refused to open a tunnel to ${host()}: the proxy could not reach it (502).`)
    expect(e.hint).toMatch(new RegExp(`The hop from the proxy to ${host().replace(/\./g, '\\.')} failed`))
  })

  it('TLS to an https:// proxy is the proxy’s certificate; TLS through a proxy is the server’s', async () => {
    // An https:// proxy whose certificate this console does not trust.
    const proxyServer = createHttpsServer({ cert: tls.cert, key: tls.key })
    await new Promise<void>(resolve => proxyServer.listen(0, '127.0.0.1', resolve))
    cleanups.push(
      () =>
        new Promise<void>(resolve => {
          proxyServer.closeAllConnections()
          proxyServer.close(() => resolve())
        }),
    )
    const httpsProxy = `https://127.0.0.1:${(proxyServer.address() as AddressInfo).port}`
    let e = await failure(get(envWith({ caFiles: [], proxy: { mode: 'url', url: httpsProxy } }, sandbox.url)))
    expect(e.message).toMatch(
      new RegExp(
        `^TLS to the proxy failed, so ${host().replace(/\./g, '\\.')} was not reached: The certificate of the proxy 127\\.0\\.0\\.1:\\d+ .*untrusted chain`,
      ),
    )
    expect(e.hint).toMatch(/proxy’s CA/)
    expect(e.details).toMatchObject({ hop: 'proxy', proxy: httpsProxy })

    // A plain proxy that tunnels fine, to a server whose CA is not trusted: the server's certificate, via the proxy.
    const proxy = await startForwardProxy()
    cleanups.push(() => proxy.close())
    e = await failure(get(envWith({ caFiles: [], proxy: { mode: 'url', url: proxy.url } }, sandbox.url)))
    expect(e.message).toMatch(
      new RegExp(`^The certificate of ${host().replace(/\./g, '\\.')} \\(through the proxy ${proxy.url}\\) .*untrusted chain`),
    )
    expect(e.details).toMatchObject({ hop: 'server', host: host(), proxy: proxy.url })
  })

  it('over the bridge (what the UI shows): a refused HTTP_PROXY is named with its fix, the server is not blamed', async () => {
    const port = await findFreePort()
    const saved = { http: process.env.HTTP_PROXY, no: process.env.NO_PROXY, lowNo: process.env.no_proxy }
    process.env.HTTP_PROXY = `http://user:pw-canary@127.0.0.1:${port}`
    delete process.env.NO_PROXY
    delete process.env.no_proxy
    const c = await startTestConsole()
    try {
      const url = c.runtime.sandbox?.url as string
      const env = await c.ok('environments:create', {
        settings: {
          name: 'Partner',
          authUrl: url,
          baseUrl: url,
          clientId: 'c',
          redirectUri: 'http://127.0.0.1:8765/callback',
          catchMode: 'paste',
        },
        clientSecret: 's',
        acceptUnprotectedStorage: true,
      })
      const r = await c.call('http:send', { envId: env.id, method: 'GET', path: '/marketplace/v2/platform-token/locations', auth: 'none' })
      expect(r.ok).toBe(false)
      if (r.ok) return
      expect(r.error.message).toMatch(
        new RegExp(
          `^The proxy http://127\\.0\\.0\\.1:${port} refused the connection \\(nothing listens there\\) \\(ECONNREFUSED\\), so 127\\.0\\.0\\.1:\\d+ was not reached\\.$`,
        ),
      )
      expect(r.error.hint).toMatch(/HTTPS_PROXY \/ HTTP_PROXY/)
      expect(r.error.details).toMatchObject({ hop: 'proxy', proxy: `http://127.0.0.1:${port}` })
      expect(JSON.stringify(r)).not.toContain('pw-canary')
    } finally {
      await c.close()
      for (const [name, value] of [
        ['HTTP_PROXY', saved.http],
        ['NO_PROXY', saved.no],
        ['no_proxy', saved.lowNo],
      ] as const) {
        if (value === undefined) delete process.env[name]
        else process.env[name] = value
      }
    }
  })
})
