/** What the judges read of a query: a parameter by name (the first), and every pair in order. */
export interface QueryParams extends Iterable<[string, string]> {
  get(name: string): string | null
}

/** The parameters of every request without a query; never written to. */
const NO_QUERY: QueryParams = new URLSearchParams()

/** Characters whose presence makes URLSearchParams decode or replace: `%XX`, `+`, lone surrogates. */
const NOT_PLAIN = /[%+\uD800-\uDFFF]/

/**
 * A query's parameters as URLSearchParams reads them (the same names, values and order). Most queries need no
 * decoding (no `%`, no `+`, no leading `?`): those are read in place, in the raw string, without building a
 * URLSearchParams for every request; the rest are parsed by URLSearchParams itself.
 */
export function queryParams(raw: string): QueryParams {
  if (raw === '') return NO_QUERY
  return isPlainQuery(raw) ? new PlainQuery(raw) : new URLSearchParams(raw)
}

/** Whether URLSearchParams reads this raw query as written: names and values are its own substrings. */
export function isPlainQuery(raw: string): boolean {
  return raw.charCodeAt(0) !== 63 && !NOT_PLAIN.test(raw)
}

/**
 * Whether the first pair named `name` of a plain query (isPlainQuery) has exactly this value: what
 * `queryParams(raw).get(name) === value` says, read in place without slicing the value out.
 */
export function plainValueIs(raw: string, name: string, value: string): boolean {
  const start = valueStart(raw, name)
  if (start < 0) return false
  const end = raw.indexOf('&', start)
  return (end < 0 ? raw.length : end) - start === value.length && raw.startsWith(value, start)
}

/** Where the value of the first pair named `name` starts in a plain query (its end is the next `&`), or -1. */
function valueStart(raw: string, name: string): number {
  let start = 0
  while (start <= raw.length) {
    let end = raw.indexOf('&', start)
    if (end < 0) end = raw.length
    if (end > start && raw.startsWith(name, start)) {
      const after = start + name.length
      if (after === end) return after
      if (after < end && raw.charCodeAt(after) === 61) return after + 1
    }
    start = end + 1
  }
  return -1
}

/** A query whose decoding is itself: pairs split at `&`, each at its first `=`, empty pairs skipped. */
class PlainQuery implements QueryParams {
  constructor(private readonly raw: string) {}

  get(name: string): string | null {
    const start = valueStart(this.raw, name)
    if (start < 0) return null
    const end = this.raw.indexOf('&', start)
    return this.raw.slice(start, end < 0 ? this.raw.length : end)
  }

  *[Symbol.iterator](): Iterator<[string, string]> {
    for (const pair of this.raw.split('&')) {
      if (pair === '') continue
      const eq = pair.indexOf('=')
      yield eq < 0 ? [pair, ''] : [pair.slice(0, eq), pair.slice(eq + 1)]
    }
  }
}
