import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RunningSandbox } from '../../../src/sandbox'
import type { Ticket } from '../../../src/sandbox/data/ticket-generator'
import { specSignature } from './support/hmac'
import { type RawResponse, rawRequest } from './support/http'
import { obtainTokens } from './support/oauth-flow'
import { DEMO, startTestSandbox } from './support/sandbox-fixture'

let sb: RunningSandbox
beforeAll(async () => {
  sb = await startTestSandbox()
})
afterAll(() => sb.close())

/** Signs with a timestamp unique to each call (the clock moves 1 s per call) so nothing is "reused". */
function exportTickets(target: RunningSandbox, locationId: string | number, query: string): Promise<RawResponse> {
  target.clock.advance(1000)
  const ts = Math.floor(target.clock.now() / 1000)
  const path = `/api/v1/export/${locationId}/tickets`
  const sig = specSignature({ clientId: DEMO.clientId, secret: DEMO.secret, method: 'GET', path, timestamp: ts })
  return rawRequest(target.url, {
    path: `${path}${query}`,
    headers: { 'x-access-key': DEMO.clientId, 'x-timestamp': String(ts), 'x-signature': sig },
  })
}

const range = (from: string, to: string) =>
  `?filter%5BdateTimeFrom%5D=${encodeURIComponent(from)}&filter%5BdateTimeTo%5D=${encodeURIComponent(to)}`

describe('export tickets filters and body (4.6)', () => {
  it('returns realistic tickets in the location time zone and currency', async () => {
    const res = await exportTickets(sb, 101003, range('2025-04-01', '2025-04-02'))
    expect(res.status).toBe(200)
    const body = res.json() as { results: Ticket[]; meta: Record<string, unknown> }
    expect(body.meta).toEqual({
      locationId: 101003,
      timeZone: 'Asia/Tokyo',
      currency: 'JPY',
      dateTimeFrom: '2025-04-01',
      dateTimeTo: '2025-04-02',
      count: body.results.length,
    })
    expect(body.results.length).toBeGreaterThanOrEqual(8)
    for (const t of body.results) {
      expect(t.openedAt).toMatch(/^2025-04-0[12]T\d\d:\d\d:00\+09:00$/)
      expect(Date.parse(t.closedAt)).toBeGreaterThan(Date.parse(t.openedAt))
      expect(t.currency).toBe('JPY')
      expect(t.total).toMatch(/^\d+$/)
      const sum = t.lines.reduce((acc, l) => acc + Number(l.total), 0)
      expect(Number(t.total)).toBe(sum)
      expect(t.payments[0]?.amount).toBe(t.total)
    }
    const ny = (await exportTickets(sb, 101002, range('2025-01-15', '2025-01-15'))).json() as { results: Ticket[] }
    for (const t of ny.results) {
      expect(t.openedAt).toMatch(/-05:00$/)
      expect(t.total).toMatch(/^\d+\.\d\d$/)
    }
  })

  it('is deterministic per location and day, across sandboxes', async () => {
    const other = await startTestSandbox()
    try {
      const a = (await exportTickets(sb, 101001, range('2025-03-30', '2025-03-30'))).json() as { results: Ticket[] }
      const b = (await exportTickets(other, 101001, range('2025-03-30', '2025-03-30'))).json() as { results: Ticket[] }
      expect(a.results).toEqual(b.results)
      const c = (await exportTickets(sb, 101001, range('2025-03-31', '2025-03-31'))).json() as { results: Ticket[] }
      expect(c.results).not.toEqual(a.results)
      // Brussels switches to summer time on 2025-03-30: the day before is +01:00, the day after +02:00
      const before = (await exportTickets(sb, 101001, range('2025-03-29', '2025-03-29'))).json() as { results: Ticket[] }
      expect(before.results.every(t => t.openedAt.endsWith('+01:00'))).toBe(true)
      expect(c.results.every(t => t.openedAt.endsWith('+02:00'))).toBe(true)
    } finally {
      await other.close()
    }
  })

  it('requires both filters', async () => {
    const res = await exportTickets(sb, 101001, '?filter[dateTimeFrom]=2025-04-01')
    expect(res.status).toBe(400)
    const body = res.json() as { message: string; details: Array<{ field: string; reason: string }> }
    expect(body.message).toBe('filter[dateTimeTo] is required')
    expect(body.details).toEqual([{ field: 'filter[dateTimeTo]', value: null, reason: 'required' }])
  })

  it('refuses dates not in YYYY-MM-DD form, and impossible dates', async () => {
    for (const bad of ['2025-4-01', '01/04/2025', '2025-04-01T00:00:00Z', '2025-02-30']) {
      const res = await exportTickets(sb, 101001, range(bad, '2025-04-02'))
      expect(res.status, bad).toBe(400)
      expect((res.json() as { message: string }).message).toContain('filter[dateTimeFrom] must be a date in YYYY-MM-DD form')
    }
  })

  it('refuses from after to', async () => {
    const res = await exportTickets(sb, 101001, range('2025-04-03', '2025-04-02'))
    expect(res.status).toBe(400)
    expect((res.json() as { message: string }).message).toBe('filter[dateTimeFrom] must not be after filter[dateTimeTo]')
    expect((await exportTickets(sb, 101001, range('2025-04-02', '2025-04-02'))).status).toBe(200)
  })

  it('refuses ranges longer than exportMaxRangeDays (31 by default)', async () => {
    expect((await exportTickets(sb, 101001, range('2025-01-01', '2025-01-31'))).status).toBe(200)
    const res = await exportTickets(sb, 101001, range('2025-01-01', '2025-02-01'))
    expect(res.status).toBe(400)
    expect((res.json() as { message: string }).message).toMatch(/32 days; at most 31/)
  })

  it('answers 404 for an unknown location', async () => {
    const res = await exportTickets(sb, 424242, range('2025-04-01', '2025-04-01'))
    expect(res.status).toBe(404)
    expect((res.json() as { message: string }).message).toBe('Unknown location 424242')
  })

  it('with exportRequiresInstallation, answers 403 until the client installed the location', async () => {
    const strict = await startTestSandbox({ exportRequiresInstallation: true })
    try {
      expect((await exportTickets(strict, 101005, range('2025-04-01', '2025-04-01'))).status).toBe(403)
      const t = await obtainTokens(strict)
      const inst = await fetch(`${strict.url}/marketplace/v2/platform-token/installations`, {
        method: 'POST',
        headers: { authorization: `Bearer ${t.access_token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ locationId: 101005 }),
      })
      expect(inst.status).toBe(204)
      expect((await exportTickets(strict, 101005, range('2025-04-01', '2025-04-01'))).status).toBe(200)
    } finally {
      await strict.close()
    }
  })
})
