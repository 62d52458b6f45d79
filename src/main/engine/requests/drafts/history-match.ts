import type { SentRequest } from '../../../../shared/contract'

const METHODS = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'])

/** One word of a history search: what it tests and whether it is negated (`-word`). */
interface Term {
  negate: boolean
  test: (item: SentRequest, text: string) => boolean
}

/**
 * Turns a search such as `POST 4xx tickets -sandbox "ticket id"` into terms that must all hold: a method name
 * (`POST`, `method:post`), a status (`404`, `4xx`, `status:2xx`, `failed` for no response), `path:` or `host:` text,
 * or any other text (a quoted phrase is always text and keeps its spaces), looked for case-insensitively in the method, URL, path,
 * query, headers and body. A leading `-` negates a term. Any input is a valid search: nothing is a syntax error.
 */
export function parseHistoryQuery(query: string): Term[] {
  const words = query.match(/-?"[^"]*"?|\S+/g) ?? []
  const terms: Term[] = []
  for (const raw of words) {
    const negate = raw.length > 1 && raw.startsWith('-')
    const bare = negate ? raw.slice(1) : raw
    const quoted = bare.startsWith('"')
    const word = quoted ? bare.replace(/^"|"$/g, '') : bare
    if (word === '') continue
    terms.push({ negate, test: quoted ? textTest(word) : termTest(word) })
  }
  return terms
}

function termTest(word: string): Term['test'] {
  const colon = word.indexOf(':')
  const key = colon > 0 ? word.slice(0, colon).toLowerCase() : ''
  const value = colon > 0 ? word.slice(colon + 1) : word
  if (key === 'method' || (key === '' && METHODS.has(word.toUpperCase()))) {
    return item => item.request.method.toUpperCase() === value.toUpperCase()
  }
  if (key === 'status' || (key === '' && /^(?:[1-5]\d\d|[1-5]xx|failed)$/i.test(word))) {
    const v = value.toLowerCase()
    return item => statusMatches(item.status, v)
  }
  if (key === 'path') return item => item.request.path.toLowerCase().includes(value.toLowerCase())
  if (key === 'host') return item => hostOf(item.url).includes(value.toLowerCase())
  return textTest(word)
}

function textTest(word: string): Term['test'] {
  const needle = word.toLowerCase()
  return (_item, text) => text.includes(needle)
}

function statusMatches(status: number, v: string): boolean {
  if (v === 'failed') return status === 0
  if (/^[1-5]xx$/.test(v)) return Math.floor(status / 100) === Number(v[0])
  return String(status) === v
}

function hostOf(url: string): string {
  try {
    return new URL(url).host.toLowerCase()
  } catch {
    return ''
  }
}

/** The text a free word is looked for in, lower-cased once per item. */
function searchableText(item: SentRequest): string {
  const r = item.request
  return [
    r.method,
    item.url,
    r.path,
    ...Object.values(r.params),
    ...r.query.flatMap(q => [q.name, q.value]),
    ...r.headers.flatMap(h => [h.name, h.value]),
    r.body ?? '',
    String(item.status),
    item.error ?? '',
  ]
    .join('\n')
    .toLowerCase()
}

/** True when the item satisfies every term (a negated term must not hold). */
export function matchesHistory(item: SentRequest, terms: Term[]): boolean {
  if (terms.length === 0) return true
  const text = searchableText(item)
  return terms.every(t => t.test(item, text) !== t.negate)
}
