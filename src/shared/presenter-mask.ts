/**
 * Presenter mode's masking, one definition for both sides: the engine applies it to every bridge answer and event
 * while presenter mode is on, and the renderer applies it again to whatever reaches the screen. It hides every value
 * that lets someone act as the partner or the merchant (client secret, tokens, authorization code, `state`, PKCE
 * values, signatures, cookies), wherever it sits: under a field of that name, in a name/value pair (headers, query
 * parameters), or inside text (URLs, JSON bodies, header lines, cURL commands). Fingerprints and
 * `[redacted:<label>:<fp>]` markers stay: they name a value without giving it away; partial masks (`masked`:
 * `sbx_at_…h-tw`) go entirely.
 */

export const PRESENTER_MASK = '••••••'

/** Field and parameter names whose values are credentials (compared without case, `_` and `-`). */
const NAMES = [
  'state',
  'code',
  'code_verifier',
  'code_challenge',
  'signature',
  'x-signature',
  'access_token',
  'refresh_token',
  'id_token',
  'client_secret',
  'secret',
  'token',
  'password',
  'authorization',
  'proxy-authorization',
  'cookie',
  'set-cookie',
  'x-sandbox-admin-token',
  'admin_token',
  'x-api-key',
]
const KEYS = new Set(NAMES.map(normalize))
const ALTERNATION = NAMES.map(n => n.replace(/[-_]/g, '[-_]?')).join('|')
const QUERY = new RegExp(`([?&#](?:${ALTERNATION})=)([^&#\\s"'<>]+)`, 'gi')
const JSON_FIELD = new RegExp(`("(?:${ALTERNATION})"\\s*:\\s*")((?:[^"\\\\]|\\\\.)*)(")`, 'gi')
const HEADER_LINE = /(\b(?:x-signature|authorization|cookie|x-sandbox-admin-token)\s*:\s*(?:(?:Bearer|Basic)\s+)?)([^\s"'\\,;]+)/gi
const MARKER = /\[redacted:[\w-]+:[0-9a-f]{8}\]/

function normalize(name: string): string {
  return name.toLowerCase().replace(/[-_]/g, '')
}

/**
 * Whether a value under a credential name is a credential rather than a word: the console's own enums (`code:
 * 'invalid_request'`, `state: 'access-token-valid'`) are lower-case words; issued values carry digits or capitals.
 */
function looksSecret(value: string, name = ''): boolean {
  if (value.length < 8 || !/[0-9A-Z]/.test(value) || MARKER.test(value) || value === PRESENTER_MASK) return false
  return !(isStateName(name) && PLACE_NAME.test(value))
}

/**
 * A place name (`Brussels-Capital`, `Greater London`, `Rio de Janeiro`): capitalised words. Under `state` that is the
 * API's own data (a location's `address.state`, docs/api.md#location), not OAuth's `state`, which is random (`Xk3_f9QpLm2vR7tY`).
 */
const PLACE_NAME = /^\p{Lu}\p{Ll}+(?:[ -](?:\p{Lu}\p{Ll}+|\p{Ll}{1,3}))*$/u

function isStateName(name: string): boolean {
  return /(^|[^a-z])state$/i.test(name.replace(/["'\s:=?&#]+$/, '').replace(/^["'?&#]+/, ''))
}

/** Masks credentials inside free text: query parameters, JSON fields, header lines. */
export function maskPresenterText(text: string): string {
  if (text.length < 8) return text
  let out = text
  if (out.includes('='))
    out = out.replace(QUERY, (m, head: string, value: string) => (looksSecret(decode(value), head) ? head + PRESENTER_MASK : m))
  if (out.includes('"'))
    out = out.replace(JSON_FIELD, (m, head: string, value: string, tail: string) =>
      looksSecret(value, head) ? head + PRESENTER_MASK + tail : m,
    )
  if (out.includes(':'))
    out = out.replace(HEADER_LINE, (m, head: string, value: string) => (looksSecret(value) ? head + PRESENTER_MASK : m))
  return out
}

/**
 * Masks a JSON-like value for presenting: strings under credential keys, `value` of `{ name, value }` pairs whose name
 * is a credential, and credentials inside every other string. Keys listed in `keep` (at any depth) pass unchanged.
 */
export function maskPresenterValue<T>(value: T, keep: ReadonlySet<string> = new Set()): T {
  return walk(value, keep, 0) as T
}

function walk(value: unknown, keep: ReadonlySet<string>, depth: number): unknown {
  if (typeof value === 'string') return maskPresenterText(value)
  if (value === null || typeof value !== 'object' || depth > 64) return value
  if (Array.isArray(value)) return value.map(v => walk(v, keep, depth + 1))
  const record = value as Record<string, unknown>
  const pairName = typeof record.name === 'string' && typeof record.value === 'string' ? normalize(record.name) : null
  const out: Record<string, unknown> = {}
  for (const [key, v] of Object.entries(record)) {
    if (keep.has(key)) out[key] = v
    else if (typeof v === 'string' && key === 'masked' && v !== '') out[key] = PRESENTER_MASK
    else if (typeof v === 'string' && (KEYS.has(normalize(key)) || (key === 'value' && pairName !== null && KEYS.has(pairName))))
      out[key] = looksSecret(v, key === 'value' && pairName !== null ? pairName : key) ? PRESENTER_MASK : maskPresenterText(v)
    else out[key] = walk(v, keep, depth + 1)
  }
  return out
}

function decode(text: string): string {
  try {
    return decodeURIComponent(text)
  } catch {
    return text
  }
}
