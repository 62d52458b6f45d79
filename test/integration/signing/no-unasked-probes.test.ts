import { mkdtemp, rm } from 'node:fs/promises'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createKeyFileCipher } from '../../../src/main/engine/vault/keyfile-cipher'
import { createRuntime, type Runtime } from '../../../src/main/runtime/create-runtime'
import type { ChannelName, RequestOf, ResponseOf } from '../../../src/shared/contract'

// No traffic the user did not ask for (issue 22, item 6): a user's server on loopback counts every request it gets.
// Switching to it sends nothing; the skew comes from the Date of the user's own call; a probe goes only where the
// user says, and to a production environment only with its name typed.

const AHEAD_S = 30
const hits: string[] = []
let server: Server
let url = ''
let dir = ''
let runtime: Runtime

beforeAll(async () => {
  server = createServer((req, res) => {
    hits.push(`${req.method} ${req.url}`)
    res.writeHead(200, { date: new Date(Date.now() + AHEAD_S * 1000).toUTCString(), 'content-type': 'application/json' })
    res.end('{}')
  })
  await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve))
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  dir = await mkdtemp(join(tmpdir(), 'pc-probe-'))
  runtime = await createRuntime({
    transport: 'web',
    version: 'test',
    dataDir: dir,
    cipher: createKeyFileCipher(join(dir, 'vault.key')),
    sandbox: true,
    heartbeatMs: 3_600_000,
  })
})
afterAll(async () => {
  await runtime?.close()
  await new Promise(resolve => server?.close(resolve))
  await rm(dir, { recursive: true, force: true })
})

async function call<C extends ChannelName>(channel: C, request: RequestOf<C>): Promise<ResponseOf<C>> {
  const answer = await runtime.registry.dispatch(channel, request, { transport: 'web' })
  if (!answer.ok) throw Object.assign(new Error(answer.error.message), answer.error)
  return answer.value as ResponseOf<C>
}
async function refusal<C extends ChannelName>(channel: C, request: RequestOf<C>) {
  const answer = await runtime.registry.dispatch(channel, request, { transport: 'web' })
  expect(answer.ok).toBe(false)
  return answer.ok ? null : answer.error
}

async function environment(name: string, production: boolean): Promise<string> {
  const created = await call('environments:create', {
    settings: { name, authUrl: url, baseUrl: url, clientId: 'acme', redirectUri: 'http://127.0.0.1:9/callback', production },
    clientSecret: 'acme-secret-value-0123456789',
    acceptUnprotectedStorage: true,
  })
  return created.id
}

describe('the clock of a user’s server', () => {
  it('is not probed on a switch; the Date of the user’s own call gives the skew', async () => {
    const sandboxId = (await call('environments:list', {})).activeId as string
    const staging = await environment('Staging', false)
    await call('environments:setActive', { id: staging })
    // Back to the sandbox and again to staging: the sandbox's own clock may be read (its operator API), ours never.
    await call('environments:setActive', { id: sandboxId })
    await call('environments:setActive', { id: staging })
    expect((await call('signing:skew', {})).estimate).toBeNull()
    expect(hits).toEqual([])

    await call('http:send', { method: 'GET', path: '/api/v1/ping', auth: 'none' })
    expect(hits).toEqual(['GET /api/v1/ping'])
    const estimate = (await call('signing:skew', {})).estimate
    expect(estimate?.offsetMs).toBeGreaterThan((AHEAD_S - 2) * 1000)
    expect(estimate?.offsetMs).toBeLessThan((AHEAD_S + 2) * 1000)
  })

  it('is probed only on the path the user chose, and says why when none was chosen', async () => {
    hits.length = 0
    const noPath = await refusal('signing:probe', {})
    expect(noPath?.message).toMatch(/No path was chosen .*sends nothing to your server unless you say where/)
    expect((await refusal('signing:probe', { path: 'health' }))?.message).toMatch(/not a path on the base URL/)
    expect(hits).toEqual([])
    await call('signing:probe', { path: '/health' })
    expect(hits).toEqual(['GET /health'])
  })

  it('of a production environment is probed only with its name typed', async () => {
    const prod = await environment('Acme production', true)
    await call('environments:setActive', { id: prod })
    hits.length = 0
    const asked = await refusal('signing:probe', { path: '/health' })
    expect(asked?.message).toMatch(
      /"Acme production" is a production environment: reading its clock sends one unauthenticated GET \/health/,
    )
    expect(asked?.hint).toMatch(/Type the environment's name \("Acme production"\)/)
    expect((await refusal('signing:probe', { path: '/health', confirmProduction: 'acme production' }))?.message).toMatch(/does not match/)
    expect(hits).toEqual([])
    await call('signing:probe', { path: '/health', confirmProduction: 'Acme production' })
    expect(hits).toEqual(['GET /health'])
  })
})
