import { EXPORT_DATE } from '../../../../shared/spec'

export interface RangeProblems {
  from?: string
  to?: string
  /** About the pair (from after to). */
  range?: string
}

/** Why a single date is not acceptable, or null: the YYYY-MM-DD shape and a real calendar day (no 2025-02-30). */
export function dateProblem(value: string): string | null {
  const text = value.trim()
  if (text === '') return 'Required: a date in YYYY-MM-DD form.'
  if (!EXPORT_DATE.test(text)) return `“${text}” is not in YYYY-MM-DD form (e.g. 2025-04-01).`
  const [y, m, d] = text.split('-').map(Number) as [number, number, number]
  if (m < 1 || m > 12) return `Month ${String(m).padStart(2, '0')} does not exist.`
  const date = new Date(Date.UTC(y, m - 1, d))
  if (d < 1 || date.getUTCMonth() !== m - 1)
    return `${text} is not a calendar day (that month has ${new Date(Date.UTC(y, m, 0)).getUTCDate()} days).`
  return null
}

/**
 * Checks the export's date range before anything is sent: both dates valid YYYY-MM-DD calendar days and from ≤ to.
 * Returns the problems by field (empty object = valid).
 */
export function validateRange(from: string, to: string): RangeProblems {
  const problems: RangeProblems = {}
  const f = dateProblem(from)
  const t = dateProblem(to)
  if (f) problems.from = f
  if (t) problems.to = t
  if (!f && !t && from.trim() > to.trim()) problems.range = `From (${from.trim()}) is after To (${to.trim()}): the range must run forwards.`
  return problems
}

/** True when `validateRange` found nothing. */
export function isValidRange(problems: RangeProblems): boolean {
  return !problems.from && !problems.to && !problems.range
}

/** Days in the range, both ends included (for "7 days" labels); null when invalid. */
export function rangeDays(from: string, to: string): number | null {
  if (!isValidRange(validateRange(from, to))) return null
  return Math.round((Date.parse(`${to.trim()}T00:00:00Z`) - Date.parse(`${from.trim()}T00:00:00Z`)) / 86_400_000) + 1
}

/** A date `days` after (or before) an ISO date, as YYYY-MM-DD. */
export function addDays(iso: string, days: number): string {
  return new Date(Date.parse(`${iso}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10)
}

/** Today in the browser's time zone, as YYYY-MM-DD. */
export function today(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`
}

/** Quick ranges that end today (inclusive). */
export const PRESETS: Array<{ label: string; range: (today: string) => { from: string; to: string } }> = [
  { label: 'Today', range: t => ({ from: t, to: t }) },
  { label: 'Last 7 days', range: t => ({ from: addDays(t, -6), to: t }) },
  { label: 'This month', range: t => ({ from: `${t.slice(0, 8)}01`, to: t }) },
]
