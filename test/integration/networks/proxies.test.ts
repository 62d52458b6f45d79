import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ConsoleError } from '../../../src/main/engine/core/console-error'
import { findFreePort } from '../../../src/main/runtime/free-port'
import { ensureSandboxTls, type RunningSandbox, type SandboxTlsFiles, startSandbox } from '../../../src/sandbox'
import { startForwardProxy, startMitmproxy } from './proxy-server'
import { envWith, requestsEngine, tempDir } from './support'

let tmp: Awaited<ReturnType<typeof tempDir>>
let tls: SandboxTlsFiles
let sandbox: RunningSandbox
const { engine } = requestsEngine()

beforeAll(async () => {
  tmp = await tempDir()
  tls = await ensureSandboxTls(tmp.dir)
  sandbox = await startSandbox({ quiet: true, tls: { cert: tls.cert, key: tls.key } })
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

describe('proxies: the environment’s proxy, its credentials from the vault, and failures that say "proxy"', () => {
  it('tunnels HTTPS through the environment’s proxy and says which proxy carried the request', async () => {
    const proxy = await startForwardProxy()
    try {
      const r = await get(envWith({ caFiles: [tls.caFile], proxy: { mode: 'url', url: proxy.url } }, sandbox.url))
      expect(r.view.status).toBe(200)
      expect(proxy.connects).toEqual([new URL(sandbox.url).host])
      expect(r.view.connection).toMatchObject({ proxy: proxy.url, proxySource: 'environment' })
      expect(r.view.connection?.tls?.trustedBy).toBe(`CA file ${tls.caFile}`)
      expect(r.view.connection?.tls?.inspection).toBeNull()
      const har = JSON.parse(engine.formats.saveHar({ ids: [r.view.logId] }).har)
      expect(har.log.entries[0]._proxy).toEqual({ url: proxy.url, source: 'environment' })
    } finally {
      await proxy.close()
    }
  })

  it('sends the proxy credentials (never logged), and names the proxy and the fix on a 407', async () => {
    const credentials = { username: 'alice', password: 'proxy-secret-91d3a7' }
    const proxy = await startForwardProxy({ credentials })
    try {
      const without = await failure(get(envWith({ caFiles: [tls.caFile], proxy: { mode: 'url', url: proxy.url } }, sandbox.url)))
      expect(without.message).toBe(
        `The proxy ${proxy.url} refused to open a tunnel to ${new URL(sandbox.url).host}: it asks for credentials (407 Proxy Authentication Required).`,
      )
      expect(without.hint).toMatch(/proxy user name and password/)
      const env = envWith({ caFiles: [tls.caFile], proxy: { mode: 'url', url: proxy.url, ...credentials } }, sandbox.url)
      const r = await get(env)
      expect(r.view.status).toBe(200)
      const har = engine.formats.saveHar({}).har
      expect(har).not.toContain(credentials.password)
      expect(har).not.toContain(Buffer.from(`alice:${credentials.password}`).toString('base64'))
    } finally {
      await proxy.close()
    }
  })

  it('says "proxy" when the proxy refuses the connection', async () => {
    const port = await findFreePort()
    const e = await failure(get(envWith({ caFiles: [tls.caFile], proxy: { mode: 'url', url: `http://127.0.0.1:${port}` } }, sandbox.url)))
    expect(e.message).toBe(
      `The proxy http://127.0.0.1:${port} refused the connection (nothing listens there) (ECONNREFUSED), so ${new URL(sandbox.url).host} was not reached.`,
    )
    expect(e.hint).toMatch(/HTTPS_PROXY/)
  })

  it('points out a TLS-inspecting proxy (mitmproxy with its own CA) in the explainer', async () => {
    const conf = await tempDir()
    const mitm = await startMitmproxy(conf.dir, tls.caFile)
    try {
      const r = await get(envWith({ caFiles: [mitm.caFile], proxy: { mode: 'url', url: mitm.url } }, sandbox.url))
      expect(r.view.status).toBe(200)
      const t = r.view.connection?.tls
      expect(t?.chain.at(-1)?.subject).toMatch(/mitmproxy/)
      expect(t?.inspection).toMatch(/TLS-inspecting proxy/)
      expect(t?.trustedBy).toBe(`CA file ${mitm.caFile}`)
      // Without its CA, the error names the CA setting and, behind a proxy, the proxy's CA.
      const e = await failure(get(envWith({ caFiles: [tls.caFile], proxy: { mode: 'url', url: mitm.url } }, sandbox.url)))
      expect(e.message).toMatch(/through the proxy .*\(untrusted chain/)
      expect(e.hint).toMatch(/the proxy’s CA/)
    } finally {
      await mitm.close()
      await conf.cleanup()
    }
  }, 60_000)
})
