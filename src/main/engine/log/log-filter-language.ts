// The network log's filter language, parsed once here for every caller (the drawer's filter box through `log:match`,
// `log:list`'s `query`, the CLI). A query is terms separated by spaces, all of which must hold:
//   status:401  status:4xx  status:failed  status:pending   method:POST   host:sandbox
//   source:console|captured|operator   auth:hmac|bearer|none|unknown   free text (URL, status, error and both bodies)
// `-` before any term negates it, double quotes keep spaces and colons in a value (`"M-2002 closed"`,
// `host:"my host"`, `-"GET /"`), a comma gives alternatives (`method:GET,POST`, `status:401,403`). A word with a
// colon whose key is not one of the above (`http://…`, `a:b`) is free text.

const FILTER_KEYS = ['status', 'method', 'host', 'source', 'auth'] as const
const FILTER_SOURCES = ['console', 'captured', 'operator'] as const
export type FilterSource = (typeof FILTER_SOURCES)[number]
const FILTER_AUTHS = ['hmac', 'bearer', 'none', 'unknown'] as const

export type StatusValue = { code: number } | { cls: number } | { state: 'failed' | 'pending' }

export type FilterTerm =
  | { kind: 'status'; negate: boolean; anyOf: StatusValue[] }
  | { kind: 'method'; negate: boolean; anyOf: string[] }
  | { kind: 'host'; negate: boolean; anyOf: string[] }
  | { kind: 'source'; negate: boolean; anyOf: FilterSource[] }
  | { kind: 'auth'; negate: boolean; anyOf: string[] }
  | { kind: 'text'; negate: boolean; text: string }

interface ParsedFilter {
  terms: FilterTerm[]
  /** One sentence per term that could not be understood (that term is left out; the others still apply). */
  problems: string[]
}

interface Token {
  negate: boolean
  key: string | null
  value: string
  /** The raw token as typed, for messages. */
  raw: string
}

/** Splits a query into tokens: whitespace separates, `-` at a token's start negates, double quotes group. */
function tokenize(query: string): { tokens: Token[]; problems: string[] } {
  const tokens: Token[] = []
  const problems: string[] = []
  let i = 0
  const n = query.length
  while (i < n) {
    while (i < n && /\s/.test(query[i] as string)) i++
    if (i >= n) break
    const start = i
    let negate = false
    if (query[i] === '-' && i + 1 < n && !/\s/.test(query[i + 1] as string)) {
      negate = true
      i++
    }
    let key: string | null = null
    let value = ''
    let quoted = false
    while (i < n && !/\s/.test(query[i] as string)) {
      const ch = query[i] as string
      if (ch === '"') {
        quoted = true
        const close = query.indexOf('"', i + 1)
        if (close < 0) {
          problems.push(`The quote opened in ${query.slice(start)} is not closed: it was read to the end of the filter.`)
          value += query.slice(i + 1)
          i = n
          break
        }
        value += query.slice(i + 1, close)
        i = close + 1
        continue
      }
      if (ch === ':' && key === null && !quoted && value !== '' && /^[a-z]+$/i.test(value)) {
        const candidate = value.toLowerCase()
        if ((FILTER_KEYS as readonly string[]).includes(candidate)) {
          key = candidate
          value = ''
          i++
          continue
        }
      }
      value += ch
      i++
    }
    tokens.push({ negate, key, value, raw: query.slice(start, i) })
  }
  return { tokens, problems }
}

function statusValue(v: string): StatusValue | null {
  const s = v.toLowerCase()
  if (/^[1-5]xx$/.test(s)) return { cls: Number(s[0]) }
  if (s === 'failed' || s === 'pending') return { state: s }
  if (/^\d{3}$/.test(s)) return { code: Number(s) }
  return null
}

function alternatives(value: string): string[] {
  return value
    .split(',')
    .map(v => v.trim())
    .filter(v => v !== '')
}

function termOf(t: Token): FilterTerm | string | null {
  if (t.key === null) return { kind: 'text', negate: t.negate, text: t.value }
  const values = alternatives(t.value)
  // A key still being typed (`status:`) filters by nothing yet; the drawer suggests its values.
  if (values.length === 0) return null
  switch (t.key) {
    case 'status': {
      const parsed = values.map(statusValue)
      const bad = values.filter((_, i) => parsed[i] === null)
      if (bad.length > 0)
        return `${t.raw}: "${bad.join(', ')}" is not a status. Use a code (status:401), a class (status:4xx), status:failed or status:pending.`
      return { kind: 'status', negate: t.negate, anyOf: parsed.filter((p): p is StatusValue => p !== null) }
    }
    case 'method':
      if (values.some(v => !/^[A-Za-z-]+$/.test(v))) return `${t.raw}: a method is a word such as GET or POST.`
      return { kind: 'method', negate: t.negate, anyOf: values.map(v => v.toUpperCase()) }
    case 'host':
      return { kind: 'host', negate: t.negate, anyOf: values.map(v => v.toLowerCase()) }
    case 'source': {
      const bad = values.filter(v => !(FILTER_SOURCES as readonly string[]).includes(v.toLowerCase()))
      if (bad.length > 0)
        return `${t.raw}: the source is console (the console's own calls), captured (a partner's traffic through the capture) or operator (the console's sandbox-admin calls).`
      return { kind: 'source', negate: t.negate, anyOf: values.map(v => v.toLowerCase() as FilterSource) }
    }
    default: {
      const bad = values.filter(v => !(FILTER_AUTHS as readonly string[]).includes(v.toLowerCase()))
      if (bad.length > 0) return `${t.raw}: auth is hmac, bearer, none or unknown.`
      return { kind: 'auth', negate: t.negate, anyOf: values.map(v => v.toLowerCase()) }
    }
  }
}

/**
 * Parses a filter query into terms that must all hold. Never throws: a term it cannot read is left out and named in
 * `problems` with what to write instead, so a half-typed query still filters by the terms already complete.
 */
export function parseLogFilter(query: string): ParsedFilter {
  const { tokens, problems } = tokenize(query)
  const terms: FilterTerm[] = []
  for (const token of tokens) {
    if (token.key === null && token.value === '') continue
    const term = termOf(token)
    if (typeof term === 'string') problems.push(term)
    else if (term) terms.push(term)
  }
  return { terms, problems }
}
