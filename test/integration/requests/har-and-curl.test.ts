import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { harProblems } from '../../unit/engine/har/fixtures/har-schema'
import { authorize, startTestConsole, type TestConsole } from './support'

let c: TestConsole
const secrets: Record<string, string> = {}
let exportLogId = ''
let locationsLogId = ''

beforeAll(async () => {
  c = await startTestConsole()
  const sandbox = c.runtime.sandbox!
  secrets.canaryClientSecret = sandbox.client.clientSecret
  secrets.adminToken = sandbox.adminToken
  secrets.code = (await authorize(c)).code
  secrets.access1 = (await c.ok('oauth:revealToken', { kind: 'access' })).value
  secrets.refresh1 = (await c.ok('oauth:revealToken', { kind: 'refresh' })).value
  const list = await c.ok('http:listLocations', {})
  const id = list.locations[0]!.id
  await c.ok('http:install', { locationId: id })
  exportLogId = (await c.ok('http:exportTickets', { locationId: id, from: '2024-01-01', to: '2024-01-03' })).exchange.logId
  // An operator call (admin token in a header) and a refresh (refresh token and secret in the body).
  await c.ok('sandbox:expireTokens', {})
  locationsLogId = (await c.ok('http:listLocations', {})).exchange.logId
  secrets.access2 = (await c.ok('oauth:revealToken', { kind: 'access' })).value
  secrets.refresh2 = (await c.ok('oauth:revealToken', { kind: 'refresh' })).value
})
afterAll(async () => {
  await c.close()
})

describe('the network log’s exports after a whole demo flow', () => {
  it('logged token calls and operator calls too, redacted at capture', async () => {
    const purposes = new Set((await c.ok('log:list', { limit: 1000 })).entries.map(e => e.purpose))
    expect(purposes).toEqual(new Set(['api', 'oauth-token', 'sandbox-admin']))
    const tokenCalls = await c.ok('log:list', { text: '/oauth2/token' })
    expect(tokenCalls.total).toBe(2)
    const exchange = await c.ok('log:get', { id: tokenCalls.entries[1]!.id })
    expect(exchange.requestBody?.text).toMatch(/"code":\s*"\[redacted:code:[0-9a-f]{8}\]"/)
    expect(exchange.requestBody?.text).toMatch(/"client_secret":\s*"\[redacted:client_secret:[0-9a-f]{8}\]"/)
    expect(exchange.responseBody?.text).toMatch(/"access_token":\s*"\[redacted:access_token:[0-9a-f]{8}\]"/)
  })

  it('exports HAR 1.2 that validates against the schema and holds no secret anywhere in its bytes', async () => {
    const { har, entries, sanitized } = await c.ok('log:saveHar', {})
    expect(sanitized).toBe(true)
    expect(entries).toBeGreaterThanOrEqual(8)
    const doc = JSON.parse(har)
    expect(harProblems(doc)).toEqual([])
    const bytes = Buffer.from(har, 'utf8')
    for (const [name, value] of Object.entries(secrets)) {
      expect(value.length, name).toBeGreaterThan(8)
      expect(bytes.includes(Buffer.from(value)), `${name} found in the HAR`).toBe(false)
      expect(bytes.includes(Buffer.from(encodeURIComponent(value))), `${name} (URL-encoded) found in the HAR`).toBe(false)
    }
    const signatures = doc.log.entries.flatMap((e: { request: { headers: Array<{ name: string; value: string }> } }) =>
      e.request.headers.filter(h => h.name === 'x-signature').map(h => h.value),
    )
    expect(signatures.length).toBeGreaterThan(0)
    for (const s of signatures) expect(s).toMatch(/^\[redacted:x-signature:[0-9a-f]{8}\]$/)
  })

  it('puts the secrets back only when asked explicitly, and marks the HAR as containing them', async () => {
    const full = await c.ok('log:saveHar', { includeSecrets: true })
    expect(full.sanitized).toBe(false)
    expect(JSON.parse(full.har).log.comment).toMatch(/^CONTAINS SECRETS/)
    for (const name of ['canaryClientSecret', 'access1', 'refresh1', 'access2', 'adminToken'] as const) {
      expect(full.har.includes(secrets[name]!), `${name} restored`).toBe(true)
    }
    expect(harProblems(JSON.parse(full.har))).toEqual([])
    const again = await c.ok('log:saveHar', {})
    for (const value of Object.values(secrets)) expect(again.har).not.toContain(value)
  })

  it('copies as cURL redacted by default, and with live credentials on request that the server accepts', async () => {
    for (const id of [exportLogId, locationsLogId]) {
      const { command } = await c.ok('log:curl', { id })
      for (const value of Object.values(secrets)) expect(command).not.toContain(value)
      expect(command).toContain('[redacted:')
    }
    const signed = await c.ok('log:curl', { id: exportLogId, redacted: false })
    expect(signed.notes.join(' ')).toContain('10 seconds')
    expect(await run(signed.command)).toBe('200')
    const bearer = await c.ok('log:curl', { id: locationsLogId, redacted: false })
    expect(bearer.command).toContain(`Bearer ${secrets.access2}`)
    expect(await run(bearer.command)).toBe('200')
  })

  it('imports its own HAR back to view it, entries marked imported', async () => {
    const { har } = await c.ok('log:saveHar', { ids: [exportLogId] })
    const imported = await c.ok('log:openHar', { text: har })
    expect(imported).toMatchObject({ imported: 1, skipped: [] })
    const entry = await c.ok('log:get', { id: imported.ids[0]! })
    expect(entry).toMatchObject({ imported: true, auth: 'hmac', status: 200 })
    const bad = await c.call('log:openHar', { text: '{"log": {"entries": "nope"}}' })
    expect(bad.ok).toBe(false)
    if (!bad.ok) {
      expect(bad.error.code).toBe('invalid_request')
      expect(bad.error.message).toContain('log.version')
    }
  })
})

/** Runs the command with the real curl (asynchronously: the sandbox answering it lives in this process). */
async function run(command: string): Promise<string> {
  const { stdout } = await promisify(execFile)('sh', ['-c', `${command} -s -o /dev/null -w '%{http_code}'`], { timeout: 10_000 })
  return stdout
}
