import { describe, expect, it } from 'vitest'
import { Doctor } from '../../../../src/main/engine/doctor/doctor'
import { isCalendarDate } from '../../../../src/main/engine/doctor/judges/export-dates-judge'
import { RuleTally } from '../../../../src/main/engine/doctor/rule-tally'
import { CLIENT_ID, FlowBuilder, SECRET, T0 } from './flow-builder'

/** What JavaScript's Date says of YYYY-MM-DD: the round trip the arithmetic check must agree with. */
function dateRoundTrip(value: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value)
  if (!m) return false
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])))
  return d.getUTCFullYear() === Number(m[1]) && d.getUTCMonth() === Number(m[2]) - 1 && d.getUTCDate() === Number(m[3])
}

/** The ids of a listing body, or null when it is not one. */
function listingIds(body: string): number[] | null {
  try {
    return (JSON.parse(body) as { results: Array<{ id: number }> }).results.map(r => r.id)
  } catch {
    return null
  }
}

describe('the doctor’s cheap checks answer as the costly ones did', () => {
  it('accepts exactly the calendar dates Date accepts (leap years, month lengths, years before 0100)', () => {
    const pad = (n: number, width: number) => String(n).padStart(width, '0')
    const values: string[] = ['2025-4-01', '2025-04-01T00:00:00Z', ' 2025-04-01', '']
    for (const year of [0, 1, 99, 100, 400, 1900, 2000, 2023, 2024, 2025, 2100, 2400, 9999]) {
      for (let month = 0; month <= 13; month++)
        for (let day = 0; day <= 32; day++) values.push(`${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}`)
    }
    for (let i = 0; i < 5000; i++) {
      const n = (max: number) => Math.floor(Math.random() * max)
      values.push(`${pad(n(10_000), 4)}-${pad(n(100), 2)}-${pad(n(100), 2)}`)
    }
    expect(values.filter(v => isCalendarDate(v) !== dateRoundTrip(v))).toEqual([])
    expect(values.filter(v => isCalendarDate(v)).length).toBeGreaterThan(1000)
  })

  it('remembers a verified signature for 10 minutes, then forgets it', () => {
    const reuseAfter = (ms: number) => {
      const b = new FlowBuilder()
      const first = b.exportTickets(T0)
      // The same request again, timestamp and signature copied: a cached signature.
      b.exportTickets(T0 + ms, { timestamp: Math.floor(T0 / 1000) })
      const doctor = new Doctor({ clientId: CLIENT_ID, clientSecret: SECRET })
      for (const x of b.exchanges) doctor.observe(x)
      const rule = doctor.scorecard(Number.POSITIVE_INFINITY).rules.find(r => r.id === 'signing.fresh-signature')!
      return { verdict: rule.verdict, evidence: rule.evidence, first: first.logId }
    }
    const soon = reuseAfter(9 * 60_000)
    expect(soon.verdict).toBe('fail')
    expect(soon.evidence[0]).toBe(soon.first)
    expect(reuseAfter(11 * 60_000).verdict).toBe('pass')
  })
  it('judges each install by the ids of every listing before it, however often listings repeat or change', () => {
    const bodies = [
      JSON.stringify({ results: [{ id: 101001 }, { id: 101002 }], meta: {} }),
      JSON.stringify({ results: [{ id: 101003 }], meta: {} }),
      JSON.stringify({ results: [], meta: {} }),
      '{"results": not json',
    ]
    for (let run = 0; run < 200; run++) {
      const b = new FlowBuilder()
      // The costly way: every listing parsed as it arrives, every install judged against all ids so far.
      const oracle = new RuleTally('requests.location-id')
      const listed = new Set<number>()
      let listingSeen = false
      for (let i = 0; i < 12; i++) {
        const at = T0 + i * 1000
        const pick = Math.floor(Math.random() * 10)
        if (pick < 6) {
          const body = bodies[Math.floor(Math.random() * (pick < 4 ? 2 : bodies.length))]!
          const status = pick === 5 ? 500 : 200
          b.locations(at, 'access-A-0123456789abcdef', status, { responseBody: body })
          const ids = status === 200 ? listingIds(body) : null
          if (ids) {
            listingSeen = true
            for (const id of ids) listed.add(id)
          }
        } else {
          const id = 101001 + Math.floor(Math.random() * 4)
          const x = b.install(at, 'access-A-0123456789abcdef', `{"locationId":${id}}`)
          if (listed.has(id)) oracle.pass(x.logId)
          else if (listingSeen) oracle.fail(x.logId, 'unlisted')
          else oracle.warn(x.logId, 'no listing')
        }
      }
      const doctor = new Doctor({ clientId: CLIENT_ID, clientSecret: SECRET })
      for (const x of b.exchanges) doctor.observe(x)
      const rule = doctor.scorecard(Number.POSITIVE_INFINITY).rules.find(r => r.id === 'requests.location-id')!
      const expected = oracle.result()
      expect({ verdict: rule.verdict, evidence: rule.evidence, evidenceCount: rule.evidenceCount, checked: rule.checked }).toEqual({
        verdict: expected.verdict,
        evidence: expected.evidence,
        evidenceCount: expected.evidenceCount,
        checked: expected.checked,
      })
    }
  })
})
