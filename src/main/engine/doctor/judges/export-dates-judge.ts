import type { ExchangeFacts } from '../exchange-facts'
import type { Judge, JudgeScope, Tallies } from '../judge'
import { isPlainQuery, plainValueIs } from '../query-params'
import { quoteValue } from '../quote-value'

const FILTERS = ['filter[dateTimeFrom]', 'filter[dateTimeTo]'] as const

/** 4.6: the export's two filters are present, and each a real calendar date in YYYY-MM-DD form. */
export class ExportDatesJudge implements Judge {
  readonly scope: JudgeScope = { endpoints: ['export'] }
  /** The last value of each filter found to be a date: a partner asks for the same range again and again. */
  private lastFrom: string | null = null
  private lastTo: string | null = null

  observe(f: ExchangeFacts, t: Tallies): void {
    if (f.endpoint !== 'export') return
    // The same range as the last good one, read in place: no query object and no value strings per request.
    const raw = f.x.request.query
    const { lastFrom, lastTo } = this
    if (lastFrom !== null && lastTo !== null && isPlainQuery(raw)) {
      if (plainValueIs(raw, FILTERS[0], lastFrom) && plainValueIs(raw, FILTERS[1], lastTo)) {
        t['requests.export-dates'].pass(f.logId)
        return
      }
    }
    const from = f.query.get(FILTERS[0])
    const to = f.query.get(FILTERS[1])
    if (from !== null && to !== null && this.isFrom(from) && this.isTo(to)) {
      t['requests.export-dates'].pass(f.logId)
      return
    }
    const tally = t['requests.export-dates']
    tally.fail(f.logId, tally.keeps('fail') ? describeDates(f) : '')
  }

  private isFrom(value: string): boolean {
    if (value === this.lastFrom) return true
    if (!isCalendarDate(value)) return false
    this.lastFrom = value
    return true
  }

  private isTo(value: string): boolean {
    if (value === this.lastTo) return true
    if (!isCalendarDate(value)) return false
    this.lastTo = value
    return true
  }
}

/** What is wrong with the export's filters: built only when the tally keeps the message. */
function describeDates(f: ExchangeFacts): string {
  const problems: string[] = []
  for (const name of FILTERS) {
    const value = f.query.get(name)
    if (value === null) problems.push(`${name} is missing`)
    else if (!isCalendarDate(value)) problems.push(`${name}=${quoteValue(value)} is not a date in YYYY-MM-DD form`)
  }
  return `${problems.join('; ')}. Send both filters as calendar dates, e.g. filter[dateTimeFrom]=2025-04-01&filter[dateTimeTo]=2025-04-30 (no time, no timezone).`
}

const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})$/
const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]

/**
 * True for a real date written YYYY-MM-DD (2025-02-30 is not one), in the proleptic Gregorian calendar JavaScript's
 * Date uses; years before 0100 are refused, as Date.UTC would read them as 19xx. Arithmetic, no Date per call.
 */
export function isCalendarDate(value: string): boolean {
  const m = CALENDAR_DATE.exec(value)
  if (!m) return false
  const year = Number(m[1])
  const month = Number(m[2])
  const day = Number(m[3])
  if (year < 100 || month < 1 || month > 12 || day < 1) return false
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0)
  return day <= (month === 2 && leap ? 29 : DAYS_IN_MONTH[month - 1]!)
}
