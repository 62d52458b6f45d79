/**
 * Pure URL logic shared by every catch mode: does a URL the browser is about to visit land on the registered
 * redirect URI, and what OAuth parameters does it carry? Works for any scheme (https, http, custom app schemes),
 * because partners register all kinds.
 */

export interface CallbackParams {
  code?: string
  state?: string
  error?: string
  errorDescription?: string
  errorUri?: string
}

interface UrlParts {
  scheme: string
  /** Lower-cased host with port ('' for host-less custom schemes). */
  authority: string
  path: string
  query: URLSearchParams
}

function parts(raw: string): UrlParts | null {
  let url: URL
  try {
    url = new URL(raw.trim())
  } catch {
    return null
  }
  const scheme = url.protocol.toLowerCase()
  const special = scheme === 'http:' || scheme === 'https:'
  const host = url.host.toLowerCase()
  // For special schemes the URL parser already dropped default ports and normalised the path; keep the rest verbatim.
  let path = url.pathname
  if (special && path === '') path = '/'
  return { scheme, authority: host, path, query: url.searchParams }
}

/**
 * True when `candidate` is a navigation to the registered redirect URI: same scheme, host (case-insensitive), port
 * (default ports equal to none) and path (exact, trailing slash included), carrying every query parameter the
 * registered URI itself has. Extra parameters (code, state, error…) and any fragment are allowed.
 */
export function matchesRedirectUri(candidate: string, registered: string): boolean {
  const c = parts(candidate)
  const r = parts(registered)
  if (!c || !r) return false
  if (c.scheme !== r.scheme || c.authority !== r.authority || c.path !== r.path) return false
  for (const [k, v] of r.query) {
    if (!c.query.getAll(k).includes(v)) return false
  }
  return true
}

/** The OAuth response parameters of a redirect URL (query first; a fragment is read too for servers that use it). */
export function callbackParamsOf(raw: string): CallbackParams {
  let url: URL
  try {
    url = new URL(raw.trim())
  } catch {
    return {}
  }
  const read = (p: URLSearchParams): CallbackParams => {
    const out: CallbackParams = {}
    const set = (key: keyof CallbackParams, name: string) => {
      const v = p.get(name)
      if (v !== null) out[key] = v
    }
    set('code', 'code')
    set('state', 'state')
    set('error', 'error')
    set('errorDescription', 'error_description')
    set('errorUri', 'error_uri')
    return out
  }
  const fromQuery = read(url.searchParams)
  if (fromQuery.code !== undefined || fromQuery.error !== undefined) return fromQuery
  const fromFragment = read(new URLSearchParams(url.hash.replace(/^#/, '')))
  return fromFragment.code !== undefined || fromFragment.error !== undefined ? fromFragment : fromQuery
}

/** True when the params are an OAuth answer (a code or an error), not just any visit to the redirect URI. */
export function isOAuthAnswer(params: CallbackParams): boolean {
  return params.code !== undefined || params.error !== undefined
}
