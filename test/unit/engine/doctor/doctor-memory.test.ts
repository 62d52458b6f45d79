import { describe, expect, it } from 'vitest'
import { Doctor } from '../../../../src/main/engine/doctor/doctor'
import { isCalendarDate } from '../../../../src/main/engine/doctor/judges/export-dates-judge'
import { CLIENT_ID, FlowBuilder, SECRET, T0 } from './flow-builder'

/** What JavaScript's Date says of YYYY-MM-DD: the round trip the arithmetic check must agree with. */
function dateRoundTrip(value: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value)
  if (!m) return false
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])))
  return d.getUTCFullYear() === Number(m[1]) && d.getUTCMonth() === Number(m[2]) - 1 && d.getUTCDate() === Number(m[3])
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
})
