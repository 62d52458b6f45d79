/** What the signer takes from a request target: the path as it goes on the wire, and what was cut off to get it. */
export interface SignedPath {
  /** The path as an HTTP client sends it (before lowercasing): no scheme, host, query or fragment. */
  path: string
  /** `scheme://host[:port]` when the input was a full URL. */
  origin: string | null
  /** The query without its `?`, or null when there was none. */
  query: string | null
  hostDropped: boolean
  fragmentDropped: boolean
  /** True when percent-encoding or dot-segment removal changed the path (what undici/fetch do before sending). */
  normalised: boolean
}

const ABSOLUTE_URL = /^[a-z][a-z0-9+.-]*:\/\//i
/** Characters or segments that WHATWG URL parsing would rewrite: anything outside printable ASCII, the path
 *  percent-encode set, a backslash, or a `.`/`..` segment (also percent-encoded). */
const NEEDS_PARSING = /[^\x21-\x7e]|["<>`{}\\^|]|(^|\/)(\.|%2e)/i

/**
 * Splits a request target (a path with an optional query, or a full URL) into the path that an HTTP client will put
 * on the request line. Full URLs and unusual paths go through WHATWG URL parsing, exactly what undici and fetch do,
 * so the signed path is the sent path; plain ASCII paths skip the parser (the common case, kept fast).
 */
export function splitRequestTarget(target: string): SignedPath {
  if (ABSOLUTE_URL.test(target)) {
    const url = new URL(target)
    return {
      path: url.pathname,
      origin: url.origin,
      query: target.includes('?') ? url.search.slice(1) : null,
      hostDropped: true,
      fragmentDropped: url.hash !== '' || target.includes('#'),
      normalised: false,
    }
  }
  let rest = target
  let fragmentDropped = false
  const hash = rest.indexOf('#')
  if (hash >= 0) {
    rest = rest.slice(0, hash)
    fragmentDropped = true
  }
  let query: string | null = null
  const q = rest.indexOf('?')
  if (q >= 0) {
    query = rest.slice(q + 1)
    rest = rest.slice(0, q)
  }
  let path = rest
  let normalised = false
  if (path === '' || path.charCodeAt(0) !== 47 || NEEDS_PARSING.test(path)) {
    // Appended to an origin (not resolved against it) so that a path starting with '//' stays a path. The whole target
    // is parsed, query and fragment included, as a client parses the whole URL: the parser trims spaces only at the
    // end of its input, so `/ ?q` is sent as `/%20` while `/ ` alone is sent as `/`.
    path = new URL(`http://signing.invalid${path.startsWith('/') ? '' : '/'}${target}`).pathname
    normalised = path !== rest
  }
  return { path, origin: null, query, hostDropped: false, fragmentDropped, normalised }
}
