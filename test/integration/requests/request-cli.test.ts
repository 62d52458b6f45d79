import { execFile } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type RunningSandbox, startSandbox } from '../../../src/sandbox'
import { runCli } from '../../support/in-process-cli'

const run = promisify(execFile)
let dir = ''
let sandbox: RunningSandbox
const clientId = `cli-client-${randomBytes(3).toString('hex')}`
const secret = `canary-${randomBytes(12).toString('hex')}`

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'pc-request-cli-'))
  sandbox = await startSandbox({
    quiet: true,
    clients: [{ clientId, clientSecret: secret, redirectUris: ['http://127.0.0.1:9/callback'] }],
  })
})
afterAll(async () => {
  delete process.env.PARTNER_CLIENT_SECRET
  await sandbox.close()
  await rm(dir, { recursive: true, force: true })
})

const cli = runCli

describe('partner-console request', () => {
  it('sends a bearer request against the built-in sandbox (authorized by itself) and prints status, headers, body and quota', async () => {
    const r = await cli(['request', 'GET', '/marketplace/v2/platform-token/locations', '--sandbox', '--auth', 'bearer'])
    expect(r.err).toBe('')
    expect(r.code).toBe(0)
    expect(r.out).toMatch(
      /^GET http:\/\/127\.0\.0\.1:\d+\/marketplace\/v2\/platform-token\/locations {2}\(auth bearer\)\nHTTP\/1\.1 200 OK/,
    )
    expect(r.out).toMatch(/^x-ratelimit-limit: 100$/m)
    expect(r.out).toContain('"results": [')
    expect(r.out).toMatch(/Quota GET \/marketplace\/v2\/platform-token\/locations \(client .+\): 99 of 100 remaining per 60 min, 1 used/)
    expect(r.out).not.toMatch(/sbx_(at|rt|secret)_/)
  })

  it('signs with the secret from PARTNER_CLIENT_SECRET (flags), prints JSON, and exits 1 on a 4xx', async () => {
    process.env.PARTNER_CLIENT_SECRET = secret
    const ok = await cli([
      'request',
      'POST',
      '/pos/v2/lookup/tickets',
      '--base-url',
      sandbox.url,
      '--client-id',
      clientId,
      '--auth',
      'hmac',
      '--header',
      'content-type: application/json',
      '--body',
      '{"ticketIds":["T-cli"]}',
      '--json',
    ])
    expect(ok.err).toBe('')
    expect(ok.code).toBe(0)
    const json = JSON.parse(ok.out)
    expect(json).toMatchObject({ status: 200, body: { results: [{ ticketId: 'T-cli', found: true }] }, quota: { limit: 500 } })
    expect(ok.out).not.toContain(secret)

    const bad = await cli([
      'request',
      'POST',
      '/pos/v2/lookup/tickets',
      '--base-url',
      sandbox.url,
      '--client-id',
      clientId,
      '--auth',
      'hmac',
      '--body',
      '{}',
    ])
    expect(bad.code).toBe(1)
    expect(bad.out).toMatch(/HTTP\/1\.1 400 Bad Request/)
    const unsigned = await cli(['request', 'GET', '/online-ordering/v2/orders', '--base-url', sandbox.url, '--client-id', clientId])
    expect(unsigned.code).toBe(1)
    expect(unsigned.out).toMatch(/HTTP\/1\.1 401 Unauthorized/)
    expect(unsigned.err).toContain('PARTNER_ACCESS_TOKEN is not set')
  })

  it('without --auth, authenticates as the spec gives the path: bearer for locations, hmac for the export', async () => {
    const locations = await cli(['request', 'GET', '/marketplace/v2/platform-token/locations', '--sandbox'])
    expect(locations.err).toBe('')
    expect(locations.code).toBe(0)
    expect(locations.out).toMatch(/ {2}\(auth bearer\)\nHTTP\/1\.1 200 OK/)
    const exported = await cli([
      'request',
      'GET',
      '/api/v1/export/101002/tickets?filter[dateTimeFrom]=2025-04-01&filter[dateTimeTo]=2025-04-01',
      '--sandbox',
    ])
    expect(exported.err).toBe('')
    expect(exported.code).toBe(0)
    expect(exported.out).toMatch(/ {2}\(auth hmac\)\nHTTP\/1\.1 200 OK/)
  })

  it('reads the body from a file and refuses bad usage with exit code 2', async () => {
    const file = join(dir, 'body.json')
    await writeFile(file, '{"ticketIds":["from-file"]}')
    process.env.PARTNER_CLIENT_SECRET = secret
    const r = await cli([
      'request',
      'POST',
      '/pos/v2/lookup/tickets',
      '--base-url',
      sandbox.url,
      '--client-id',
      clientId,
      '--auth',
      'hmac',
      '--body-file',
      file,
    ])
    expect(r.code).toBe(0)
    expect(r.out).toContain('from-file')
    expect((await cli(['request', 'GET'])).code).toBe(2)
    expect((await cli(['request', 'GET', '/x', '--auth', 'basic'])).code).toBe(2)
    expect((await cli(['request', 'GET', '/x', '--sandbox', '--env', 'prod'])).code).toBe(2)
    expect((await cli(['request', 'GET', '/x', '--body', 'a', '--body-file', file])).code).toBe(2)
  })
})

describe('partner-console snippet', () => {
  it('prints a Node program that signs at run time; it runs against a sandbox with the secret from the environment', async () => {
    const r = await cli([
      'snippet',
      '--lang',
      'node',
      'POST',
      '/pos/v2/lookup/tickets',
      '--base-url',
      sandbox.url,
      '--client-id',
      clientId,
      '--auth',
      'hmac',
      '--body',
      '{"ticketIds":["T-snippet"]}',
    ])
    expect(r.code).toBe(0)
    expect(r.out).not.toContain(secret)
    await writeFile(join(dir, 'p.mjs'), r.out)
    const { stdout } = await run(process.execPath, [join(dir, 'p.mjs')], { env: { ...process.env, PARTNER_CLIENT_SECRET: secret } })
    expect(stdout).toMatch(/^200 OK\n.*"ticketId":"T-snippet","found":true/)
    expect((await cli(['snippet', '--lang', 'cobol', 'GET', '/x'])).code).toBe(2)
  })
})
