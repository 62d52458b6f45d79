import type { LogEntrySummary } from '../../../../shared/contract'

export const STATUS_FILTERS = ['all', '2xx', '3xx', '4xx', '5xx', 'failed', 'pending'] as const
export type StatusFilter = (typeof STATUS_FILTERS)[number]

/** The list's filters: method ('' = any), status class, and free text. */
export interface LogFilters {
  method: string
  status: StatusFilter
  text: string
}

export const EMPTY_FILTERS: LogFilters = { method: '', status: 'all', text: '' }

/**
 * True when the entry passes every filter, with the engine's `log:list` semantics: method exact (any case), status
 * class by hundreds (`failed` / `pending` by state), text a case-insensitive substring of method, URL, status,
 * status text or error.
 */
export function matchesFilters(e: LogEntrySummary, f: LogFilters): boolean {
  if (f.method && e.method.toUpperCase() !== f.method.toUpperCase()) return false
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
  if (!f.method && f.status === 'all' && !f.text) return entries
  return entries.filter(e => matchesFilters(e, f))
}

/** True when any filter is set. */
export function isFiltered(f: LogFilters): boolean {
  return Boolean(f.method || f.text || f.status !== 'all')
}
