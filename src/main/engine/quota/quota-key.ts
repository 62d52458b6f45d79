/** The identity of one rate-limit counter (docs/api.md#limits): client identifier, HTTP method and resource path. */
export interface QuotaKey {
  clientId: string
  method: string
  path: string
  /** `clientId METHOD /path`. */
  id: string
}

/**
 * Builds the counting key the server uses: method upper-cased, the path without query or fragment, lower-cased and
 * without trailing slashes (so `/api/v1/locations/` and `/api/v1/locations` share one counter, as on the sandbox).
 */
export function quotaKey(clientId: string, method: string, pathOrUrl: string): QuotaKey {
  // The same request again (a resend, a poll): the same key object, whose id the tracker's maps have hashed already.
  if (last && last.clientId === clientId && lastMethod === method && lastPathOrUrl === pathOrUrl) return last
  let path = pathOrUrl
  const scheme = /^[a-z][a-z0-9+.-]*:\/\/[^/]*/i.exec(path)
  if (scheme) path = path.slice(scheme[0].length)
  const cut = path.search(/[?#]/)
  if (cut >= 0) path = path.slice(0, cut)
  path = path.toLowerCase()
  let end = path.length
  while (end > 1 && path.charCodeAt(end - 1) === 47) end--
  path = path.slice(0, end) || '/'
  const m = method.toUpperCase()
  last = Object.freeze({ clientId, method: m, path, id: `${clientId} ${m} ${path}` })
  lastMethod = method
  lastPathOrUrl = pathOrUrl
  return last
}

let last: QuotaKey | null = null
let lastMethod = ''
let lastPathOrUrl = ''
