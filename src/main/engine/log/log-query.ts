import type { LogEntry, LogEntrySummary } from '../../../shared/contract'
import { type FilterSource, type FilterTerm, parseLogFilter, type StatusValue } from './log-filter-language'

/** The log list's filters: method, status (a code, a class such as `4xx`, `failed` or `pending`) and free text. */
export interface LogQuery {
  method?: string
  status?: number | '1xx' | '2xx' | '3xx' | '4xx' | '5xx' | 'failed' | 'pending'
  /** Case-insensitive substring of the URL, method, status, status text or error. */
  text?: string
  /** A query in the filter language (log-filter-language.ts): `status:4xx -host:sandbox method:POST "M-2002"`. */
  query?: string
}

/**
 * Compiles the filters once (the filter language parsed a single time) into a predicate for many entries, with the
 * problems of any term that could not be read (left out of the predicate).
 */
export function compileQuery(q: LogQuery): { matches: (e: LogEntry) => boolean; problems: string[] } {
  const parsed = q.query ? parseLogFilter(q.query) : { terms: [], problems: [] }
  const terms: FilterTerm[] = [...parsed.terms]
  if (q.method) terms.push({ kind: 'method', negate: false, anyOf: [q.method.toUpperCase()] })
  if (q.status !== undefined) terms.push({ kind: 'status', negate: false, anyOf: [statusOf(q.status)] })
  const legacyText = q.text?.toLowerCase()
  return {
    problems: parsed.problems,
    matches: e => {
      if (legacyText && !summaryText(e).includes(legacyText)) return false
      return terms.every(t => holds(t, e) !== t.negate)
    },
  }
}

function statusOf(s: NonNullable<LogQuery['status']>): StatusValue {
  if (typeof s === 'number') return { code: s }
  if (s === 'failed' || s === 'pending') return { state: s }
  return { cls: Number(s[0]) }
}

/**
 * Where an entry came from: `operator` for the console's own sandbox-admin calls, `captured` for a partner's traffic
 * recorded by the capture (entries that carry `source` say it themselves), `console` for everything else.
 */
export function sourceOf(e: LogEntrySummary): FilterSource {
  if ('source' in e && (e.source === 'console' || e.source === 'captured' || e.source === 'operator')) return e.source
  return e.purpose === 'sandbox-admin' ? 'operator' : 'console'
}

function summaryText(e: LogEntry): string {
  return `${e.method} ${e.url} ${e.status ?? ''} ${e.statusText} ${e.error ?? ''}`.toLowerCase()
}

function holds(t: FilterTerm, e: LogEntry): boolean {
  switch (t.kind) {
    case 'status':
      return t.anyOf.some(v =>
        'code' in v ? e.status === v.code : 'cls' in v ? e.status !== null && Math.floor(e.status / 100) === v.cls : e.state === v.state,
      )
    case 'method':
      return t.anyOf.includes(e.method.toUpperCase())
    case 'host':
      return t.anyOf.some(h => e.host.toLowerCase().includes(h))
    case 'source':
      return t.anyOf.includes(sourceOf(e))
    case 'auth':
      return t.anyOf.includes(e.auth)
    case 'text': {
      const needle = t.text.toLowerCase()
      if (summaryText(e).includes(needle)) return true
      return Boolean(e.requestBody?.text.toLowerCase().includes(needle) || e.responseBody?.text.toLowerCase().includes(needle))
    }
  }
}
