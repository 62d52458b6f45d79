import { afterEach, describe, expect, it } from 'vitest'
import { startAuthorizedConsole, type TestConsole } from './support'

let c: TestConsole | undefined
afterEach(async () => {
  await c?.close()
  c = undefined
})

function today(offsetDays = 0): string {
  return new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10)
}

describe('typed spec endpoints against the sandbox', () => {
  it('lists locations, installs at one and exports its tickets (bearer, bearer, HMAC)', async () => {
    c = await startAuthorizedConsole()
    const list = await c.ok('http:listLocations', {})
    expect(list.locations.length).toBeGreaterThan(0)
    const first = list.locations[0]!
    expect(typeof first.id).toBe('number')
    expect(first.address.city).toEqual(expect.any(String))
    expect(list.exchange.auth).toBe('bearer')
    expect(list.exchange.requestHeaders.find(h => h.name === 'authorization')?.value).toMatch(
      /^Bearer \[redacted:access_token:[0-9a-f]{8}\]$/,
    )

    const installed = await c.ok('http:install', { locationId: first.id })
    expect(installed).toMatchObject({ installed: true, locationId: first.id })
    expect(installed.exchange.status).toBe(204)
    expect(installed.exchange.requestBody).toBe(JSON.stringify({ locationId: first.id }))

    const exported = await c.ok('http:exportTickets', { locationId: first.id, from: today(-2), to: today() })
    expect(Array.isArray(exported.tickets)).toBe(true)
    expect(exported.exchange.auth).toBe('hmac')
    expect(exported.exchange.signing?.canonical).toMatch(
      new RegExp(`^partner-console-builtinGET/api/v1/export/${first.id}/tickets\\d{10}$`),
    )
    expect(exported.exchange.requestHeaders.find(h => h.name === 'x-signature')?.value).toMatch(/^\[redacted:x-signature:[0-9a-f]{8}\]$/)
    // The same signed request again at once: a new second, a new signature, not refused as a replay.
    const again = await c.ok('http:exportTickets', { locationId: first.id, from: today(-2), to: today() })
    expect(again.exchange.signing?.timestamp).toBeGreaterThan(exported.exchange.signing?.timestamp ?? 0)
  })

  it('turns a refusal into a typed error carrying the server’s message', async () => {
    c = await startAuthorizedConsole()
    const r = await c.call('http:exportTickets', { locationId: 1, from: '2024-02-30', to: '2024-03-01' })
    expect(r.ok).toBe(false)
    if (r.ok) return
    expect(['invalid_request', 'not_found']).toContain(r.error.code)
    expect(r.error.message).toMatch(/^Exporting tickets of location 1 failed: (400|404) /)
    expect(r.error.details).toMatchObject({ logId: expect.stringMatching(/^log-/) })
  })
})

describe('401 on a bearer call', () => {
  it('refreshes once and retries once, transparently', async () => {
    c = await startAuthorizedConsole()
    const before = await c.ok('oauth:tokens', {})
    await c.admin('/_sandbox/tokens/expire', {})
    const list = await c.ok('http:listLocations', {})
    expect(list.exchange.status).toBe(200)
    expect(list.exchange.attempts).toBe(2)
    expect(list.exchange.retriedAfter).toEqual(['401'])
    const after = await c.ok('oauth:tokens', {})
    expect(after.accessToken?.fingerprint).not.toBe(before.accessToken?.fingerprint)
    const entries = (await c.ok('log:list', {})).entries.reverse()
    const tail = entries.slice(-3).map(e => [e.purpose, e.status, e.attempt])
    expect(tail).toEqual([
      ['api', 401, 1],
      ['oauth-token', 200, 1],
      ['api', 200, 2],
    ])
  })

  it('never loops: when the refresh fails too, the 401 comes back after exactly one refresh attempt', async () => {
    c = await startAuthorizedConsole()
    await c.admin('/_sandbox/tokens/revoke', { all: true })
    const countBefore = (await c.ok('log:list', {})).total
    const r = await c.ok('http:send', { method: 'GET', path: '/marketplace/v2/platform-token/locations', auth: 'bearer' })
    expect(r.status).toBe(401)
    expect(r.attempts).toBe(1)
    expect(r.retriedAfter).toEqual([])
    expect(r.notes.join(' ')).toContain('refreshing it failed')
    const newEntries = (await c.ok('log:list', {})).entries.slice(0, (await c.ok('log:list', {})).total - countBefore)
    expect(newEntries.map(e => e.purpose).sort()).toEqual(['api', 'oauth-token'])
    const typed = await c.call('http:listLocations', {})
    expect(typed.ok).toBe(false)
    if (!typed.ok) expect(typed.error.code).toBe('unauthorized')
  })
})
