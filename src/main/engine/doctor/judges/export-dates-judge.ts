import type { ExchangeFacts } from '../exchange-facts'
import type { Judge, Tallies } from '../judge'
import { quoteValue } from '../quote-value'

const FILTERS = ['filter[dateTimeFrom]', 'filter[dateTimeTo]'] as const

/** 4.6: the export's two filters are present, and each a real calendar date in YYYY-MM-DD form. */
export class ExportDatesJudge implements Judge {
  observe(f: ExchangeFacts, t: Tallies): void {
    if (f.endpoint !== 'export') return
    const problems: string[] = []
    for (const name of FILTERS) {
      const value = f.query.get(name)
      if (value === null) problems.push(`${name} is missing`)
      else if (!isCalendarDate(value)) problems.push(`${name}=${quoteValue(value)} is not a date in YYYY-MM-DD form`)
    }
    if (problems.length === 0) t['requests.export-dates'].pass(f.logId)
    else {
      t['requests.export-dates'].fail(
        f.logId,
        `${problems.join('; ')}. Send both filters as calendar dates, e.g. filter[dateTimeFrom]=2025-04-01&filter[dateTimeTo]=2025-04-30 (no time, no timezone).`,
      )
    }
  }
}

/** True for a real date written YYYY-MM-DD (2025-02-30 is not one). */
export function isCalendarDate(value: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value)
  if (!m) return false
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])))
  return d.getUTCFullYear() === Number(m[1]) && d.getUTCMonth() === Number(m[2]) - 1 && d.getUTCDate() === Number(m[3])
}
