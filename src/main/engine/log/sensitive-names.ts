/**
 * Which field names carry credentials, however they are spelled: `client_secret`, `clientSecret`, `Client-Secret`,
 * `client%5Fsecret` all name the same field. A name is percent-decoded, lower-cased and stripped of `_`, `-`, `.` and
 * spaces before it is looked up; the label shown is the snake_case spelling.
 */
const LABELS: Readonly<Record<string, string>> = {
  clientsecret: 'client_secret',
  code: 'code',
  accesstoken: 'access_token',
  refreshtoken: 'refresh_token',
  idtoken: 'id_token',
  password: 'password',
  codeverifier: 'code_verifier',
  clientassertion: 'client_assertion',
  apikey: 'api_key',
}

/** Field names that are registered as known secrets when the engine sends them (`code` is not: see docs/security.md). */
const REGISTERED = new Set([
  'client_secret',
  'access_token',
  'refresh_token',
  'id_token',
  'password',
  'code_verifier',
  'client_assertion',
  'api_key',
])

/** The snake_case label of a credential field name, or null when the name is not one. */
export function sensitiveLabel(name: string): string | null {
  if (name.length > 64) return null
  // Names repeat (the same JSON keys, headers and parameters on every exchange): each is normalised once. The cache
  // is bounded, since names also come from servers and files; it holds a pure function of the name.
  let label = labels.get(name)
  if (label === undefined) {
    label = labelOf(name)
    if (labels.size >= MAX_CACHED_NAMES) labels.clear()
    labels.set(name, label)
  }
  return label
}

const MAX_CACHED_NAMES = 2000
const labels = new Map<string, string | null>()

function labelOf(name: string): string | null {
  let decoded = name
  if (name.includes('%')) {
    try {
      decoded = decodeURIComponent(name)
    } catch {
      decoded = name
    }
  }
  return LABELS[decoded.toLowerCase().replace(/[\s_.-]/g, '')] ?? null
}

/**
 * Every spelling `sensitiveLabel` accepts, as one pattern over free text: each name's letters in any case (Unicode case
 * folding, which covers what toLowerCase maps onto them) with any separators between them (`+` too: a form decodes it
 * to a space). It errs towards matching ("postcode" matches), never the other way: text it does not match names no
 * credential, unless escaped (a `\u` escape, a percent-encoding), which callers rule out first.
 */
const ANY_SPELLING = new RegExp(
  Object.keys(LABELS)
    .map(name => [...name].join('[\\s_.+-]*'))
    .join('|'),
  'iu',
)

/** False only when the text cannot hold a credential field name in any spelling (see ANY_SPELLING). */
export function mayNameCredential(text: string): boolean {
  return ANY_SPELLING.test(text)
}

/** Whether a value found under this label, in what the engine sends, becomes a known secret. */
export function isRegisteredLabel(label: string): boolean {
  return REGISTERED.has(label)
}

/** A value this redaction already produced (e.g. in an imported HAR): kept as it is, never registered. */
export const MARKER = /^\[redacted:[\w-]+:[0-9a-f]{8}\]$/
