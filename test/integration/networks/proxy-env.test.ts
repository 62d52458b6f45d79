import { afterEach, describe, expect, it } from 'vitest'
import { startSandbox } from '../../../src/sandbox'
import { startForwardProxy } from './proxy-server'
import { envWith, requestsEngine } from './support'

const saved = { HTTPS_PROXY: process.env.HTTPS_PROXY, HTTP_PROXY: process.env.HTTP_PROXY, NO_PROXY: process.env.NO_PROXY }
const cleanups: Array<() => Promise<unknown>> = []
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c()
  for (const [k, v] of Object.entries(saved)) {
    if (v === undefined) delete process.env[k]
    else process.env[k] = v
  }
  for (const k of ['https_proxy', 'http_proxy', 'no_proxy']) delete process.env[k]
})

async function setup(vars: Record<string, string>) {
  for (const k of ['https_proxy', 'http_proxy', 'no_proxy', 'HTTPS_PROXY', 'HTTP_PROXY', 'NO_PROXY']) delete process.env[k]
  const proxy = await startForwardProxy()
  cleanups.push(() => proxy.close())
  const sandbox = await startSandbox({ quiet: true })
  cleanups.push(() => sandbox.close())
  for (const [k, v] of Object.entries(vars)) process.env[k] = v.replace('$PROXY', proxy.url)
  // The default dispatcher reads the variables when the engine is built, as at the console's start.
  const { engine } = requestsEngine()
  cleanups.push(() => engine.layer.close())
  const get = (env = envWith(undefined, sandbox.url)) =>
    engine.executor.execute({ env, method: 'GET', target: 'api', path: '/_sandbox/openapi.json', auth: 'none' })
  return { proxy, sandbox, get }
}

describe('HTTP_PROXY, HTTPS_PROXY and NO_PROXY are honoured by default', () => {
  it('sends through HTTP_PROXY and says the variable carried it', async () => {
    const { proxy, sandbox, get } = await setup({ HTTP_PROXY: '$PROXY' })
    const r = await get()
    expect(r.view.status).toBe(200)
    expect(r.view.connection).toMatchObject({ proxy: proxy.url, proxySource: 'HTTP_PROXY' })
    expect(proxy.connects).toEqual([new URL(sandbox.url).host])
  })

  it('goes direct for a NO_PROXY host, and says which entry matched', async () => {
    const { proxy, get } = await setup({ HTTP_PROXY: '$PROXY', NO_PROXY: 'localhost,127.0.0.1' })
    const r = await get()
    expect(r.view.status).toBe(200)
    expect(r.view.connection).toMatchObject({ proxy: null, proxyBypass: expect.stringMatching(/matches NO_PROXY entry "127\.0\.0\.1"/) })
    expect(proxy.connects).toEqual([])
  })

  it('lets an environment override the variables: mode "none" goes direct', async () => {
    const { proxy, sandbox, get } = await setup({ HTTP_PROXY: '$PROXY' })
    const r = await get(envWith({ proxy: { mode: 'none' } }, sandbox.url))
    expect(r.view.connection?.proxy).toBeNull()
    expect(proxy.connects).toEqual([])
  })
})
