import { randomBytes } from 'node:crypto'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type RunningSandbox, startSandbox } from '../../../src/sandbox'
import { runCli } from '../../support/in-process-cli'

let dir = ''
let sandbox: RunningSandbox
const clientId = `curl-client-${randomBytes(3).toString('hex')}`
const secret = `canary-${randomBytes(12).toString('hex')}`

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'pc-from-curl-'))
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

describe('partner-console request --from-curl', () => {
  it('sends a partner’s signed cURL command with a fresh signature (the pasted one is long dead)', async () => {
    process.env.PARTNER_CLIENT_SECRET = secret
    const command = `curl -sS -X POST 'https://api.partner.example/pos/v2/lookup/tickets' \\
      -H 'content-type: application/json' \\
      -H 'x-access-key: ${clientId}' -H 'x-timestamp: 1600000000' -H 'x-signature: 0000dead' \\
      --data-raw '{"ticketIds":["T-curl"]}'`
    const r = await cli(['request', '--from-curl', command, '--base-url', sandbox.url, '--client-id', clientId, '--json'])
    expect(r.code).toBe(0)
    expect(JSON.parse(r.out)).toMatchObject({ status: 200, body: { results: [{ ticketId: 'T-curl', found: true }] } })
    expect(r.err).toContain('note: Recognised as an HMAC-signed request')
    expect(r.err).toContain('api.partner.example')
    expect(r.out + r.err).not.toContain(secret)
  })

  it('reads Windows cmd quoting and a body curl would read from a file', async () => {
    process.env.PARTNER_CLIENT_SECRET = secret
    const file = join(dir, 'tickets.json')
    await writeFile(file, '{"ticketIds":["T-file"]}')
    const command = `curl.exe -X POST "${sandbox.url}/pos/v2/lookup/tickets" ^\n  -H "content-type: application/json" -H "x-signature: x" ^\n  --data-binary "@${file}"`
    const r = await cli(['request', '--from-curl', command, '--base-url', sandbox.url, '--client-id', clientId, '--json'])
    expect(r.code).toBe(0)
    expect(JSON.parse(r.out)).toMatchObject({ status: 200, body: { results: [{ ticketId: 'T-file' }] } })
  })

  it('refuses a command it cannot read, and METHOD PATH given with it, as usage errors', async () => {
    const broken = await cli(['request', '--from-curl', "curl 'http://x", '--base-url', sandbox.url, '--client-id', clientId])
    expect(broken.code).toBe(1)
    expect(broken.err).toMatch(/single quote .* never closed/)
    const both = await cli(['request', 'GET', '/x', '--from-curl', 'curl http://x'])
    expect(both.code).toBe(2)
    expect(both.err).toContain('--from-curl takes the whole request')
  })
})
