import { rm } from 'node:fs/promises'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { main } from '../../../src/main/cli/index'
import { TextSink } from '../../support/in-process-cli'
import { startTestConsole, type TestConsole } from './support'

/**
 * The production guard decides by where a request goes and what the server may do with it, not by what the caller
 * passed: an absolute URL with auth "none" and no environment, another environment's id, another spelling of the
 * host, or a GET carrying a method override all reach the guard. "Production" here is a loopback server that records
 * every request it receives, so "refused" means nothing arrived.
 */

let c: TestConsole | undefined
let server: Server
let received: string[]
let port = 0

beforeEach(async () => {
  received = []
  server = createServer((req, res) => {
    received.push(`${req.method} ${req.url}`)
    res.writeHead(200, { 'content-type': 'application/json' }).end('{}')
  })
  await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve))
  port = (server.address() as AddressInfo).port
})
afterEach(async () => {
  await c?.close()
  c = undefined
  server.closeAllConnections()
  await new Promise(resolve => server.close(resolve))
})

/** "Acme production" at http://localhost:PORT, and a non-production alias for the same server spelled 127.0.0.1. */
async function environments(console: TestConsole) {
  const settings = (name: string, baseUrl: string, production: boolean) => ({
    settings: {
      name,
      authUrl: baseUrl,
      baseUrl,
      clientId: 'acme-client',
      redirectUri: 'http://127.0.0.1:8765/callback',
      catchMode: 'paste' as const,
      production,
    },
    clientSecret: 'acme-secret',
    acceptUnprotectedStorage: true,
  })
  const alias = await console.ok('environments:create', settings('Staging alias', `http://127.0.0.1:${port}`, false))
  const production = await console.ok('environments:create', settings('Acme production', `http://localhost:${port}`, true))
  return { alias, production }
}

function refusedAs(result: { ok: boolean; error?: { details?: unknown; message: string } }, environment: string) {
  expect(result.ok).toBe(false)
  expect(result.error?.details).toMatchObject({ reason: 'production_confirmation_required', environment })
}

function refusedForProduction(result: { ok: boolean; error?: { details?: unknown; message: string } }) {
  refusedAs(result, 'Acme production')
}

describe('production guard: by destination and effective method', () => {
  it('refuses a state-changing absolute URL with auth "none" and no environment, however the host is spelled', async () => {
    c = await startTestConsole({ sandbox: false })
    await environments(c)
    const spellings = [
      `http://127.0.0.1:${port}`,
      `http://LOCALHOST.:${port}`,
      `http://2130706433:${port}`,
      `http://127.1:${port}`,
      `http://0x7f.0.0.1:${port}`,
      `http://[::1]:${port}`,
      `http://[::ffff:127.0.0.1]:${port}`,
      `http://api.localhost:${port}`,
    ]
    for (const origin of spellings) {
      for (const method of ['POST', 'put', 'DELETE', 'PATCH', 'PURGE']) {
        const r = await c.call('http:send', { method, path: `${origin}/orders`, auth: 'none' })
        refusedForProduction(r)
      }
    }
    const composed = await c.call('requests:send', {
      request: { method: 'DELETE', target: 'api', path: `http://127.0.0.1:${port}/orders/1`, auth: 'none' },
    })
    refusedForProduction(composed)
    expect(received).toEqual([])
  })

  it('refuses a GET that a method-override header or _method turns into a write, in any case of name and value', async () => {
    c = await startTestConsole({ sandbox: false })
    await environments(c)
    const overrides: Array<[Record<string, string>, string]> = [
      [{ 'X-HTTP-Method-Override': 'DELETE' }, ''],
      [{ 'x-http-method-override': 'delete' }, ''],
      [{ 'X-HTTP-METHOD': 'Put' }, ''],
      [{ 'x-method-override': ' patch ' }, ''],
      [{ 'X-HTTP-Method-Override': 'GET, DELETE' }, ''],
      [{}, '?_method=DELETE'],
      [{}, '?_METHOD=post'],
    ]
    for (const [headers, query] of overrides) {
      const r = await c.call('http:send', { method: 'GET', path: `http://127.0.0.1:${port}/orders/1${query}`, auth: 'none', headers })
      refusedForProduction(r)
      if (!r.ok) expect(r.error.message).toMatch(/^"Acme production" is a production environment: GET with .+ changes its data/)
    }
    expect(received).toEqual([])
    // A safe override, and a plain GET, go through.
    await c.ok('http:send', {
      method: 'GET',
      path: `http://127.0.0.1:${port}/a`,
      auth: 'none',
      headers: { 'X-HTTP-Method-Override': 'head' },
    })
    await c.ok('http:send', { method: 'GET', path: `http://127.0.0.1:${port}/b`, auth: 'none' })
    expect(received).toEqual(['GET /a', 'GET /b'])
  })

  it('refuses through another environment that reaches the same server, and sends once the production name is typed', async () => {
    c = await startTestConsole({ sandbox: false })
    const { alias } = await environments(c)
    refusedForProduction(await c.call('http:send', { envId: alias.id, method: 'POST', path: '/orders', auth: 'hmac', body: '{}' }))
    const typed = await c.ok('http:send', {
      envId: alias.id,
      method: 'POST',
      path: '/orders',
      auth: 'none',
      body: '{}',
      confirmProduction: 'Acme production',
    })
    expect(typed.status).toBe(200)
    expect(received).toEqual(['POST /orders'])
  })

  it('guards saved requests, resend from the log, and a bundle replay through a non-production alias', async () => {
    c = await startTestConsole({ sandbox: false })
    // Before production is marked: a POST through the alias arrives, is logged, and goes into a bundle.
    const first = await c.ok('environments:create', {
      settings: {
        name: 'Staging alias',
        authUrl: `http://127.0.0.1:${port}`,
        baseUrl: `http://127.0.0.1:${port}`,
        clientId: 'acme-client',
        redirectUri: 'http://127.0.0.1:8765/callback',
        catchMode: 'paste',
      },
      clientSecret: 'acme-secret',
      acceptUnprotectedStorage: true,
    })
    const sent = await c.ok('http:send', { envId: first.id, method: 'POST', path: '/orders', auth: 'none', body: '{"n":1}' })
    const bundle = await c.ok('bundle:write', { ids: [sent.logId], envId: first.id })
    const saved = await c.ok('requests:save', {
      envId: first.id,
      item: { name: 'Delete order', request: { method: 'DELETE', target: 'api', path: '/orders/1', auth: 'none' } },
    })
    expect(received).toEqual(['POST /orders'])

    await c.ok('environments:create', {
      settings: {
        name: 'Acme production',
        authUrl: `http://localhost:${port}/`,
        baseUrl: `http://localhost:${port}/v2`,
        clientId: 'acme-client',
        redirectUri: 'http://127.0.0.1:8765/callback',
        catchMode: 'paste',
        production: true,
      },
      clientSecret: 'acme-secret',
      acceptUnprotectedStorage: true,
    })
    refusedForProduction(await c.call('requests:send', { envId: first.id, request: saved.request, savedId: saved.id }))
    await expect(c.runtime.engine.requests.service.resend(sent.logId, { envId: first.id })).rejects.toMatchObject({
      code: 'forbidden',
      details: { reason: 'production_confirmation_required' },
    })
    const replay = await c.ok('bundle:replay', { text: bundle.text, envId: first.id })
    expect(replay.summary.failed).toBe(1)
    expect(replay.entries[0]?.replay.error).toMatch(/^"Acme production" is a production environment: POST changes its data/)
    expect(received).toEqual(['POST /orders'])
  })

  it('never makes the built-in sandbox production: a production environment pointing at it leaves "sandbox first" free', async () => {
    c = await startTestConsole()
    const url = c.runtime.sandbox?.url as string
    const rehearsal = await c.ok('environments:create', {
      settings: {
        name: 'Rehearsal',
        authUrl: url,
        baseUrl: url,
        clientId: 'sandbox-demo-client',
        redirectUri: 'http://127.0.0.1:8765/callback',
        catchMode: 'paste',
        production: true,
      },
      clientSecret: 'sandbox-demo-secret',
      acceptUnprotectedStorage: true,
    })
    const install = { method: 'POST', path: '/marketplace/v2/platform-token/installations', auth: 'none' as const, body: '{}' }
    refusedAs(await c.call('http:send', { envId: rehearsal.id, ...install }), 'Rehearsal')
    const sandboxFirst = await c.ok('http:send', { envId: 'sandbox', ...install })
    expect(sandboxFirst.status).toBe(401)
  })

  it('guards the CLI: `request --env` of a non-production environment to a production server is refused, exit 1', async () => {
    c = await startTestConsole({ sandbox: false })
    await environments(c)
    const dataDir = c.runtime.dataDir
    await c.runtime.close()
    c = undefined
    try {
      for (const args of [
        ['POST', `http://127.0.0.1:${port}/orders`, '--auth', 'none'],
        ['GET', '/orders/1', '--header', 'X-HTTP-Method-Override: DELETE', '--auth', 'none'],
      ]) {
        const stdout = new TextSink()
        const stderr = new TextSink()
        const code = await main(['request', ...args, '--env', 'Staging alias', '--data-dir', dataDir], { stdout, stderr })
        expect(code).toBe(1)
        expect(stderr.text).toMatch(
          /^partner-console request: "Acme production" is a production environment: .+ needs a typed confirmation\./,
        )
        expect(stderr.text).toMatch(/--confirm-production|Type the environment's name/)
      }
      expect(received).toEqual([])
      const stdout = new TextSink()
      const code = await main(
        [
          'request',
          'POST',
          `http://127.0.0.1:${port}/orders`,
          '--auth',
          'none',
          '--env',
          'Staging alias',
          '--data-dir',
          dataDir,
          '--confirm-production',
          'Acme production',
        ],
        { stdout, stderr: new TextSink() },
      )
      expect(code).toBe(0)
      expect(received).toEqual(['POST /orders'])
    } finally {
      await rm(dataDir, { recursive: true, force: true })
    }
  })
})
