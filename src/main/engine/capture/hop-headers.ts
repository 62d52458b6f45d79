/**
 * Which headers cross the capture and how: hop-by-hop headers (RFC 9110 7.6.1) belong to one connection and are
 * dropped in both directions, with any header the `Connection` header names; `Host` is the upstream's (undici sets
 * it); `Expect` is answered by the capture itself. Everything else passes in order, repeated names kept.
 */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'proxy-authorization',
  'proxy-authenticate',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
])

/** Pairs from Node's `rawHeaders` (names as sent, in order). */
export function rawPairs(raw: readonly string[]): Array<[string, string]> {
  const out: Array<[string, string]> = []
  for (let i = 0; i + 1 < raw.length; i += 2) out.push([raw[i] as string, raw[i + 1] as string])
  return out
}

/** Header names the `Connection` headers of a flat `[name, value, …]` list name; null (nothing built) when none. */
function connectionNamed(raw: readonly string[]): Set<string> | null {
  let named: Set<string> | null = null
  for (let i = 0; i + 1 < raw.length; i += 2) {
    if ((raw[i] as string).toLowerCase() !== 'connection') continue
    named ??= new Set<string>()
    for (const token of (raw[i + 1] as string).split(',')) if (token.trim()) named.add(token.trim().toLowerCase())
  }
  return named
}

/** The request headers to send upstream from Node's `rawHeaders`, as a flat `[name, value, …]` list for undici. */
export function upstreamRequestHeaders(raw: readonly string[]): string[] {
  const named = connectionNamed(raw)
  const out: string[] = []
  for (let i = 0; i + 1 < raw.length; i += 2) {
    const name = raw[i] as string
    const lower = name.toLowerCase()
    if (HOP_BY_HOP.has(lower) || named?.has(lower) || lower === 'host' || lower === 'expect') continue
    out.push(name, raw[i + 1] as string)
  }
  return out
}

/** Targets that URL parsing leaves as they are: no dot segment, nothing it would escape or turn (`\\`, `'`, `|`, …). */
const PLAIN_TARGET = /^\/[\w\-.~!$&()*+,;=:@/%?]*$/
const DOT_SEGMENT = /(^|\/)(\.|%2e)(\.|%2e)?(\/|\?|$)/i

/**
 * The path and query sent upstream: exactly what `new URL(origin + target)` gives (dot segments resolved, unsafe
 * characters escaped), without parsing a URL for the common target that it would leave as it is.
 */
export function upstreamPath(origin: string, requestTarget: string): string {
  if (PLAIN_TARGET.test(requestTarget) && !requestTarget.endsWith('?') && !DOT_SEGMENT.test(requestTarget.split('?', 1)[0] as string))
    return requestTarget
  const url = new URL(origin + requestTarget)
  return url.pathname + url.search
}

/** Where the gateway stands in for an upstream origin, to rewrite what points back at it. */
export interface OriginMap {
  /** Upstream origin (`https://auth.example.com`) → the capture's origin for it (`http://127.0.0.1:4100`). */
  readonly byUpstream: ReadonlyMap<string, string>
}

/**
 * The response headers to send to the client (flat `[name, value, …]` lists in and out): hop-by-hop ones dropped; with an origin map (gateway mode), a
 * `Location` pointing at one of the environment's hosts points at its gateway port instead, and cookies lose a
 * `Domain` (the browser is on 127.0.0.1) and, when the gateway is plain HTTP, `Secure` (else the browser drops them):
 * so the consent pages' redirects, cookies and forms work through the gateway in a browser.
 */
export function clientResponseHeaders(raw: readonly string[], origins: OriginMap | null, gatewayIsHttp: boolean): string[] {
  const named = connectionNamed(raw)
  const out: string[] = []
  for (let i = 0; i + 1 < raw.length; i += 2) {
    const name = raw[i] as string
    const value = raw[i + 1] as string
    const lower = name.toLowerCase()
    if (HOP_BY_HOP.has(lower) || named?.has(lower)) continue
    if (origins && lower === 'location') out.push(name, rewriteLocation(value, origins))
    else if (origins && lower === 'set-cookie') out.push(name, rewriteCookie(value, gatewayIsHttp))
    else out.push(name, value)
  }
  return out
}

function rewriteLocation(value: string, origins: OriginMap): string {
  if (!/^https?:\/\//i.test(value)) return value
  let url: URL
  try {
    url = new URL(value)
  } catch {
    return value
  }
  const local = origins.byUpstream.get(url.origin)
  if (!local) return value
  // Keep the path, query and fragment exactly as sent (URL would re-encode them).
  const rest = /^https?:\/\/[^/?#]*(.*)$/is.exec(value)?.[1] ?? ''
  return local + rest
}

function rewriteCookie(value: string, gatewayIsHttp: boolean): string {
  const parts = value.split(';')
  const kept = [parts[0] as string]
  for (const attribute of parts.slice(1)) {
    const key = attribute.trim().split('=')[0]?.toLowerCase()
    if (key === 'domain') continue
    if (gatewayIsHttp && key === 'secure') continue
    // SameSite=None needs Secure; without it the browser refuses the cookie: Lax is what a same-site gateway needs.
    if (gatewayIsHttp && key === 'samesite' && /none/i.test(attribute)) {
      kept.push(' SameSite=Lax')
      continue
    }
    kept.push(attribute)
  }
  return kept.join(';')
}
