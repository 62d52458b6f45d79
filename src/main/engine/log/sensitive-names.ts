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
  const key = decoded.toLowerCase().replace(/[\s_.-]/g, '')
  // Own names only: a field called `constructor` or `toString` is no credential (not Object's members).
  return Object.hasOwn(LABELS, key) ? (LABELS[key] as string) : null
}

/**
 * Every spelling `sensitiveLabel` accepts, as one pattern over free text: each name's letters in any case (Unicode case
 * folding, which covers what toLowerCase maps onto them) with any separators between them (`+` too: a form decodes it
 * to a space). It errs towards matching ("postcode" matches), never the other way.
 */
const ANY_SPELLING = new RegExp(
  Object.keys(LABELS)
    .map(name => [...name].join('[\\s_.+-]*'))
    .join('|'),
  'giu',
)

/** What may continue a name after a spelling's last letter: letters, digits and the separators names use. */
const NAME_TAIL = /[\p{L}\p{N}_.%\s+-]*/uy

/**
 * False only when no credential field name can be in the text where redaction or the capture's harvest looks for one:
 * as a whole quoted string (a JSON key, a `"name": …` fragment) or as the name of a `name=value` pair (a form, a query,
 * a parameter in free text). Each place a spelling occurs is looked at: the quoted string around it is asked of
 * `sensitiveLabel` itself, and a pair is assumed when `=` follows the run of name characters it is in. So
 * `"countryCode"` or `"zipCode"` (API data) do not count, `"code"`, `"Client-Secret"`, `code_verifier=` do. Callers
 * rule out escapes first (a `\` or `%` could hide a name or move a quote): the answer holds for unescaped text.
 */
export function mayNameCredential(text: string): boolean {
  // The capture asks twice about each body (its harvest, then redaction), a request's and a response's in turn: the
  // last two answers are kept (a pure function of the text, so a kept answer is always right).
  if (text === asked[0]) return answers[0] as boolean
  if (text === asked[1]) return answers[1] as boolean
  const answer = scanForNames(text)
  asked[1] = asked[0] as string
  answers[1] = answers[0] as boolean
  asked[0] = text
  answers[0] = answer
  return answer
}

const asked: [string, string] = ['', '']
const answers: [boolean, boolean] = [false, false]

function scanForNames(text: string): boolean {
  ANY_SPELLING.lastIndex = 0
  for (let m = ANY_SPELLING.exec(text); m !== null; m = ANY_SPELLING.exec(text)) {
    const start = m.index
    const end = start + m[0].length
    const open = text.lastIndexOf('"', start - 1)
    const close = text.indexOf('"', end)
    if (open >= 0 && close >= 0 && sensitiveLabel(text.slice(open + 1, close)) !== null) return true
    NAME_TAIL.lastIndex = end
    NAME_TAIL.exec(text)
    if (text.charCodeAt(NAME_TAIL.lastIndex) === 61 /* = */) return true
  }
  return false
}

/** Whether a value found under this label, in what the engine sends, becomes a known secret. */
export function isRegisteredLabel(label: string): boolean {
  return REGISTERED.has(label)
}

/** A value this redaction already produced (e.g. in an imported HAR): kept as it is, never registered. */
export const MARKER = /^\[redacted:[\w-]+:[0-9a-f]{8}\]$/
