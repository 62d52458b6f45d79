import type { LogEntrySummary, LogSource } from '../../../../shared/contract'

export const STATUS_FILTERS = ['all', '2xx', '3xx', '4xx', '5xx', 'failed', 'pending'] as const
export type StatusFilter = (typeof STATUS_FILTERS)[number]

export const SOURCE_FILTERS = ['', 'console', 'captured', 'operator'] as const satisfies readonly ('' | LogSource)[]
export type SourceFilter = (typeof SOURCE_FILTERS)[number]

/** The list's filters: method ('' = any), status class, who made the exchange ('' = anyone), and free text. */
export interface LogFilters {
  method: string
  status: StatusFilter
  source: SourceFilter
  text: string
}

export const EMPTY_FILTERS: LogFilters = { method: '', status: 'all', source: '', text: '' }

/**
 * True when the entry passes every filter, with the engine's `log:list` semantics: method exact (any case), status
 * class by hundreds (`failed` / `pending` by state), source exact (console, captured, operator), text a
 * case-insensitive substring of method, URL, status, status text or error.
 */
export function matchesFilters(e: LogEntrySummary, f: LogFilters): boolean {
  if (f.method && e.method.toUpperCase() !== f.method.toUpperCase()) return false
  if (f.source && e.source !== f.source) return false
  if (f.status === 'failed' || f.status === 'pending') {
    if (e.state !== f.status) return false
  } else if (f.status !== 'all' && (e.status === null || Math.floor(e.status / 100) !== Number(f.status[0]))) {
    return false
  }
  if (f.text) {
    const hay = `${e.method} ${e.url} ${e.status ?? ''} ${e.statusText} ${e.error ?? ''}`.toLowerCase()
    if (!hay.includes(f.text.toLowerCase())) return false
  }
  return true
}

/** The entries passing the filters (the same array when no filter is set). */
export function filterEntries(entries: LogEntrySummary[], f: LogFilters): LogEntrySummary[] {
  if (!isFiltered(f)) return entries
  return entries.filter(e => matchesFilters(e, f))
}

/** True when any filter is set. */
export function isFiltered(f: LogFilters): boolean {
  return Boolean(f.method || f.text || f.source || f.status !== 'all')
}
