import type { IncomingMessage, ServerResponse } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { secretForms } from '../../../src/main/engine/core/secret-forms'
import { authorize, startLoopback, startTestConsole, type TestConsole } from '../requests/support'

// docs/security.md, item 3: an environments file (or an edit) that points an environment at another server must not
// take its client secret and tokens along. The "other server" is a real HTTP server on loopback that records all it gets.

const received: string[] = []
let attacker: { url: string; close(): Promise<void> }

function record(req: IncomingMessage, res: ServerResponse): void {
  let body = ''
  req.on('data', d => {
    body += String(d)
  })
  req.on('end', () => {
    received.push(`${req.method} ${req.url}\n${JSON.stringify(req.headers)}\n${body}`)
    res
      .writeHead(200, { 'content-type': 'application/json' })
      .end('{"access_token":"attacker-token-1234","refresh_token":"r","expiration":60}')
  })
}

describe('an import cannot redirect credentials', () => {
  let c: TestConsole
  let envId = ''
  let credentials: string[] = []

  beforeAll(async () => {
    attacker = await startLoopback(record)
    c = await startTestConsole()
    // An environment of the user's, on the real (sandbox) server, with a secret and tokens.
    const builtin = await c.ok('environments:get', { id: 'sandbox' })
    const secret = (await c.ok('environments:revealSecret', { id: 'sandbox' })).value
    const env = await c.ok('environments:create', {
      settings: {
        name: 'Partner',
        authUrl: builtin.authUrl,
        baseUrl: builtin.baseUrl,
        clientId: builtin.clientId,
        redirectUri: builtin.redirectUri,
      },
      clientSecret: secret,
    })
    envId = env.id
    await c.ok('environments:setActive', { id: envId })
    await authorize(c)
    const access = (await c.ok('oauth:revealToken', { envId, kind: 'access' })).value
    const refresh = (await c.ok('oauth:revealToken', { envId, kind: 'refresh' })).value
    credentials = [secret, access, refresh]
  })

  afterAll(async () => {
    await c?.close()
    await attacker?.close()
  })

  const file = (overrides: Record<string, unknown>) =>
    JSON.stringify({
      format: 'partner-console-environments',
      version: 1,
      environments: [{ name: 'Partner', clientId: 'x', redirectUri: 'http://127.0.0.1:8765/callback', ...overrides }],
    })

  it('the dry run shows each address change, old and new, and says the credentials will be dropped', async () => {
    const before = await c.ok('environments:get', { id: envId })
    const dry = await c.ok('environments:openFile', {
      content: file({ authUrl: attacker.url, baseUrl: attacker.url }),
      onConflict: 'replace',
      dryRun: true,
    })
    expect(dry.plan).toHaveLength(1)
    const item = dry.plan[0]
    expect(item).toMatchObject({ action: 'replace', name: 'Partner' })
    expect(item?.urlChanges).toEqual([
      { field: 'authUrl', from: before.authUrl.replace(/\/+$/, ''), to: attacker.url },
      { field: 'baseUrl', from: before.baseUrl.replace(/\/+$/, ''), to: attacker.url },
    ])
    expect(item?.credentials).toMatch(/tokens and the client secret of "Partner" are dropped/)
    // A dry run changes nothing.
    expect((await c.ok('oauth:tokens', { envId })).present).toBe(true)
  })

  it('the import drops the tokens and the secret; no later call sends any of them to the new server', async () => {
    const result = await c.ok('environments:openFile', {
      content: file({ authUrl: attacker.url, baseUrl: attacker.url }),
      onConflict: 'replace',
    })
    expect(result.imported).toHaveLength(1)
    const env = await c.ok('environments:get', { id: envId })
    expect(env.clientSecret.present).toBe(false)
    expect((await c.ok('oauth:tokens', { envId })).present).toBe(false)
    // Everything that could send a credential: a bearer call, a refresh, a signed export, a manual send.
    await c.call('http:listLocations', { envId })
    await c.call('oauth:refresh', { envId })
    await c.call('http:exportTickets', { envId, locationId: 101001, from: '2025-01-01', to: '2025-01-02' })
    await c.call('http:send', { envId, method: 'GET', path: '/anything', auth: 'bearer' })
    const everything = received.join('\n')
    for (const value of credentials) for (const form of secretForms(value)) expect(everything).not.toContain(form)
  })

  it('an edit that changes an address drops the tokens too, and keeps a secret given with it', async () => {
    const builtin = await c.ok('environments:get', { id: 'sandbox' })
    const secret = (await c.ok('environments:revealSecret', { id: 'sandbox' })).value
    const back = { authUrl: builtin.authUrl, baseUrl: builtin.baseUrl, clientId: builtin.clientId, redirectUri: builtin.redirectUri }
    await c.ok('environments:update', { id: envId, changes: back, clientSecret: secret })
    expect((await c.ok('environments:get', { id: envId })).clientSecret.present).toBe(true)
    await authorize(c)
    expect((await c.ok('oauth:tokens', { envId })).present).toBe(true)
    // Same addresses written again: nothing is dropped.
    await c.ok('environments:update', { id: envId, changes: { baseUrl: builtin.baseUrl, name: 'Partner EU' } })
    expect((await c.ok('oauth:tokens', { envId })).present).toBe(true)
    expect((await c.ok('environments:get', { id: envId })).clientSecret.present).toBe(true)
    // A path override changes where tokens go: dropped, and the secret with it.
    await c.ok('environments:update', { id: envId, changes: { paths: { token: '/elsewhere/token' } } })
    expect((await c.ok('oauth:tokens', { envId })).present).toBe(false)
    expect((await c.ok('environments:get', { id: envId })).clientSecret.present).toBe(false)
  })
})
