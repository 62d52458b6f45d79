import type { LogEntry } from '../../../shared/contract'

/** The log list's filters: method, status (a code, a class such as `4xx`, `failed` or `pending`) and free text. */
export interface LogQuery {
  method?: string
  status?: number | '1xx' | '2xx' | '3xx' | '4xx' | '5xx' | 'failed' | 'pending'
  /** Case-insensitive substring of the URL, method, status, status text or error. */
  text?: string
}

/** True when the entry passes every filter given. */
export function matchesQuery(e: LogEntry, q: LogQuery): boolean {
  if (q.method && e.method.toUpperCase() !== q.method.toUpperCase()) return false
  if (q.status !== undefined) {
    if (typeof q.status === 'number') {
      if (e.status !== q.status) return false
    } else if (q.status === 'failed' || q.status === 'pending') {
      if (e.state !== q.status) return false
    } else if (e.status === null || Math.floor(e.status / 100) !== Number(q.status[0])) {
      return false
    }
  }
  if (q.text) {
    const needle = q.text.toLowerCase()
    const hay = `${e.method} ${e.url} ${e.status ?? ''} ${e.statusText} ${e.error ?? ''}`.toLowerCase()
    if (!hay.includes(needle)) return false
  }
  return true
}
