/** Request headers that frameworks read as "treat this request as that method" (compared lower-case). */
const METHOD_OVERRIDE_HEADERS = ['x-http-method-override', 'x-http-method', 'x-method-override'] as const
const SHORTEST_OVERRIDE = Math.min(...METHOD_OVERRIDE_HEADERS.map(n => n.length))

/** The query parameter some frameworks (Rails, Laravel, Symfony) read as a method override. */
const METHOD_OVERRIDE_PARAM = '_method'

/** One method the server may act on, and what asked for it (the request line, or an override header / parameter). */
export interface EffectiveMethod {
  method: string
  via: string | null
}

/**
 * Every method a server might act on for this request: the request's own, and each value of a method-override header
 * (any case of its name, comma-separated lists split) or `_method` query parameter. A guard that looks only at the
 * request line misses a GET that a framework runs as DELETE; this list is what it must look at instead.
 */
export function effectiveMethods(method: string, headers: Record<string, string>, url: URL): EffectiveMethod[] {
  const out: EffectiveMethod[] = [{ method: method.trim().toUpperCase(), via: null }]
  for (const name in headers) {
    // Every override name has 13 characters or more: the usual headers (accept, user-agent) are not even lower-cased.
    if (name.length < SHORTEST_OVERRIDE) continue
    const key = name.trim().toLowerCase()
    if (!(METHOD_OVERRIDE_HEADERS as readonly string[]).includes(key)) continue
    for (const part of String(headers[name]).split(',')) out.push({ method: part.trim().toUpperCase(), via: `${key}: ${part.trim()}` })
  }
  // No query, no parameter: the URL's searchParams (parsed and allocated on first access) are not needed.
  if (url.search === '') return out
  for (const [name, value] of url.searchParams) {
    if (name.trim().toLowerCase() === METHOD_OVERRIDE_PARAM) out.push({ method: value.trim().toUpperCase(), via: `?${name}=${value}` })
  }
  return out
}

/**
 * False when the request can have no override at all (no header name long enough to be one, no query): then its own
 * method is the only one, and `effectiveMethods` need not list it. True is "look": it may still find none.
 */
export function mayOverrideMethod(headers: Record<string, string>, url: URL): boolean {
  for (const name in headers) if (name.length >= SHORTEST_OVERRIDE) return true
  return url.search !== ''
}
