import { execFile } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { createServer as createHttpServer } from 'node:http'
import { connect } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createKeyFileCipher } from '../../../src/main/engine/vault/keyfile-cipher'
import { createRuntime, type Runtime } from '../../../src/main/runtime/create-runtime'
import { findFreePort } from '../../../src/main/runtime/free-port'
import type { ResponseOf } from '../../../src/shared/contract'
import { listenerClosed } from '../../support/ports'

let runtime: Runtime
let dataDir: string

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'pc-capture-faults-'))
  // The built-in sandbox over HTTPS on https://127.0.0.1:PORT: an IP host, which proxy mode must intercept too.
  runtime = await createRuntime({
    transport: 'web',
    version: 'test',
    dataDir,
    cipher: createKeyFileCipher(join(dataDir, 'vault.key')),
    heartbeatMs: 60_000,
    sandboxTls: true,
  })
})
afterAll(async () => {
  await runtime?.close()
  await rm(dataDir, { recursive: true, force: true })
})

const log = () => runtime.engine.layer.log.entries().filter(e => e.source === 'captured')

function curl(args: string[], env: NodeJS.ProcessEnv = {}): Promise<{ stdout: string; stderr: string; code: number }> {
  return new Promise(resolve => {
    execFile('curl', ['-sS', ...args], { env: { ...process.env, ...env } }, (error, stdout, stderr) =>
      resolve({ stdout, stderr, code: error ? Number((error as { code?: number }).code ?? 1) : 0 }),
    )
  })
}

describe('capture proxy mode over HTTPS to an IP host', () => {
  it('intercepts CONNECT to the environment’s host with a leaf for its IP, and passes other hosts through untouched, unrecorded', async () => {
    const sandbox = runtime.sandbox as NonNullable<Runtime['sandbox']>
    expect(sandbox.url).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/)
    const status = await runtime.engine.capture.start({ mode: 'proxy' })
    const vars = Object.fromEntries(status.variables.map(v => [v.name, v.value]))
    const before = log().length
    const api = await curl(['-o', '/dev/null', '-w', '%{http_code}', `${sandbox.url}/marketplace/v2/platform-token/locations`], vars)
    expect(api).toMatchObject({ code: 0, stdout: '401' })
    const entries = log().slice(before)
    expect(entries.map(e => `${e.method} ${e.url} ${e.status}`)).toEqual([`GET ${sandbox.url}/marketplace/v2/platform-token/locations 401`])
    // Another host through the same proxy: passed through as it is, not recorded.
    const other = createHttpServer((_req, res) => res.end('other'))
    await new Promise<void>(r => other.listen(0, '127.0.0.1', r))
    const port = (other.address() as { port: number }).port
    const passed = await curl([`http://localhost:${port}/`], vars)
    expect(passed.stdout).toBe('other')
    expect(log().length).toBe(before + 1)
    await new Promise<void>(r => other.close(() => r()))
    await runtime.engine.capture.stop(status.envId)
  })

  it('is refused by a client that trusts only the system CAs: the CA is the capture’s own', async () => {
    const sandbox = runtime.sandbox as NonNullable<Runtime['sandbox']>
    const status = await runtime.engine.capture.start({ mode: 'proxy' })
    const proxy = status.proxy?.url as string
    const refused = await curl(['--proxy', proxy, `${sandbox.url}/`], { CURL_CA_BUNDLE: '' })
    expect(refused.code).not.toBe(0)
    expect(refused.stderr).toMatch(/certificate/i)
    await runtime.engine.capture.stop(status.envId)
  })
})

describe('capture gateway faults', () => {
  it('answers 502 naming the host when the upstream is down, and logs which hop failed', async () => {
    const dead = await findFreePort()
    const env = await runtime.registry.dispatch(
      'environments:create',
      {
        settings: {
          name: 'Down',
          authUrl: `http://127.0.0.1:${dead}`,
          baseUrl: `http://127.0.0.1:${dead}`,
          clientId: 'down-client',
          redirectUri: 'http://127.0.0.1:8765/callback',
          catchMode: 'loopback',
        },
        clientSecret: 'down-secret-123',
        acceptUnprotectedStorage: true,
      },
      { transport: 'web' },
    )
    if (!env.ok) throw new Error(env.error.message)
    const created = env.value as ResponseOf<'environments:create'>
    const status = await runtime.engine.capture.start({ envId: created.id, mode: 'gateway' })
    const response = await fetch(`${status.gateway?.baseUrl}/api/v1/locations/`)
    expect(response.status).toBe(502)
    expect(await response.text()).toContain(`127.0.0.1:${dead} could not be reached: ECONNREFUSED`)
    const entry = log().at(-1)
    expect(entry?.state).toBe('failed')
    expect(entry?.error).toMatch(/^Upstream: 127\.0\.0\.1:\d+ could not be reached: ECONNREFUSED/)
    await runtime.engine.capture.stop(created.id)
  })

  it('survives garbage, a half request and a client gone mid-request; the next exchange is intact', async () => {
    const status = await runtime.engine.capture.start({ mode: 'gateway' })
    const port = Number(new URL(status.gateway?.baseUrl as string).port)
    const garbage = await new Promise<string>(resolve => {
      const s = connect(port, '127.0.0.1', () => s.write('\u0000\u0001 NOT HTTP\r\n\r\n'))
      let text = ''
      s.on('data', d => {
        text += d
      })
      s.on('close', () => resolve(text))
    })
    expect(garbage).toMatch(/^HTTP\/1\.1 400/)
    const before = log().length
    await new Promise<void>(resolve => {
      const s = connect(port, '127.0.0.1', () => {
        s.write('POST /oauth2/token/ HTTP/1.1\r\nhost: x\r\ncontent-type: application/json\r\ncontent-length: 1000\r\n\r\n{"grant_type":')
        setImmediate(() => s.destroy())
      })
      s.on('close', () => resolve())
    })
    const ok = await fetch(`${status.gateway?.baseUrl}/marketplace/v2/platform-token/locations`)
    expect(ok.status).toBe(401)
    await ok.arrayBuffer()
    const after = log().slice(before)
    expect(after.map(e => `${e.method} ${e.path} ${e.status ?? e.error?.split(':')[0]}`)).toContain(
      'GET /marketplace/v2/platform-token/locations 401',
    )
    await runtime.engine.capture.stop(status.envId)
  })

  it('says which port is in use, and stopping closes every socket (keep-alive ones included)', async () => {
    const first = await runtime.engine.capture.start({ mode: 'gateway' })
    const port = Number(new URL(first.gateway?.baseUrl as string).port)
    const held = connect(port, '127.0.0.1')
    await new Promise(r => held.once('connect', r))
    const closed = new Promise(r => held.once('close', r))
    await runtime.engine.capture.stop(first.envId)
    await closed
    await listenerClosed(port)
    const blocker = createHttpServer()
    await new Promise<void>(r => blocker.listen(0, '127.0.0.1', r))
    const busy = (blocker.address() as { port: number }).port
    await expect(runtime.engine.capture.start({ mode: 'gateway', ports: { base: busy } })).rejects.toThrow(
      `The capture gateway for {base_url} cannot listen on 127.0.0.1:${busy}: the port is in use.`,
    )
    expect(runtime.engine.capture.status()).toEqual([])
    await new Promise<void>(r => blocker.close(() => r()))
  })
})
