/** The fields of a request that can carry a value typed or pasted by the user (shared by saved and draft requests). */
interface RequestFields {
  path: string
  params: Record<string, string>
  query: Array<{ name: string; value: string; enabled: boolean }>
  headers: Array<{ name: string; value: string; enabled: boolean }>
  body?: string
}

/**
 * The request with every value passed through `scrub` (the secret registry's redaction): a token or client secret
 * pasted into a header, the query, the path or the body is written to disk as its `[redacted:…]` marker, never in
 * clear. Names are kept as typed.
 */
export function scrubRequest<R extends RequestFields>(r: R, scrub: (text: string) => string): R {
  return {
    ...r,
    path: scrub(r.path),
    params: Object.fromEntries(Object.entries(r.params).map(([k, v]) => [k, scrub(v)])),
    query: r.query.map(q => ({ ...q, value: scrub(q.value) })),
    headers: r.headers.map(h => ({ ...h, value: scrub(h.value) })),
    ...(r.body === undefined ? {} : { body: scrub(r.body) }),
  }
}
