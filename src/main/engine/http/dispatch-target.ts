/** The last origin handed out (one per client and destination, nearly always the same). */
let lastOrigin = ''

/**
 * `url.origin` for undici's dispatch, without a new string per request: when the URL's `href` (a string the URL keeps)
 * starts with the last origin handed out followed by `/`, that is its origin (an http(s) authority ends at the first
 * `/`, so the prefix leaves no room for user info or another host or port). Otherwise `url.origin`, remembered.
 */
export function dispatchOrigin(url: URL): string {
  const href = url.href
  if (lastOrigin.length > 0 && href.charCodeAt(lastOrigin.length) === 47 && href.startsWith(lastOrigin)) return lastOrigin
  lastOrigin = url.origin
  return lastOrigin
}

/**
 * `url.pathname + url.search` for undici's dispatch, as one slice of `href` after its `origin` (the fragment, which is
 * never sent, left out) instead of three strings; `url`'s own parts when `href` does not start with `origin` + `/`.
 */
export function dispatchPath(url: URL, origin: string): string {
  const href = url.href
  if (href.charCodeAt(origin.length) !== 47 || !href.startsWith(origin)) return url.pathname + url.search
  const hash = href.indexOf('#', origin.length)
  return hash < 0 ? href.slice(origin.length) : href.slice(origin.length, hash)
}
