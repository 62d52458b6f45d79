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
 * to a space). It errs towards matching ("postcode" matches), never the other way. No `g` flag: it keeps no position
 * between tests.
 */
const ANY_SPELLING = new RegExp(
  Object.keys(LABELS)
    .map(name => [...name].join('[\\s_.+-]*'))
    .join('|'),
  'iu',
)

/**
 * False only when no credential field name can be in the text where redaction or the capture's harvest looks for one:
 * as a whole quoted string (a JSON key, a `"name": …` fragment) or as the name of a `name=value` pair (a form, a query,
 * a parameter in free text). A quoted string counts when `sensitiveLabel` itself accepts it whole, and a pair is
 * assumed when a spelling is in the run of name characters before an `=`; the text is walked once, quote to quote
 * and `=` to `=`, rather than matched by the spelling pattern at every letter (API data names few credentials). So
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
  return quotedName(text) || nameBeforeEquals(text)
}

/** The shortest spelling (`code`) and the longest name `sensitiveLabel` looks up. */
const MIN_NAME = 4
const MAX_NAME = 64

/**
 * A quoted string that is, as a whole, a credential name: the one place a spelling counts inside quotes. Every span
 * between two neighbouring quotes is a candidate (a spelling holds no quote, so the quotes around one are neighbours);
 * only spans whose first and last letters can begin and end a name are looked up (a span `sensitiveLabel` accepts
 * always holds a spelling: its letters in order, separators between), so the spelling pattern never runs over the text.
 */
function quotedName(text: string): boolean {
  // A percent escape decodes to any letter or separator (sensitiveLabel decodes it): then every span is looked up.
  if (text.includes('%')) return anyQuotedSpan(text)
  // Unescaped, a span must begin and end like a name: the spans that can are found by one pattern,
  // run in the regular expression engine's compiled code, rather than by a loop over every quote, which a one-shot
  // process runs cold (interpreted, then optimised on a background thread) over a long body. Each candidate is then
  // checked exactly as the loop checks it.
  CANDIDATE_SPAN.lastIndex = 0
  for (let m = CANDIDATE_SPAN.exec(text); m !== null; m = CANDIDATE_SPAN.exec(text)) {
    const open = m.index
    const close = open + m[0].length - 1
    const length = close - open - 1
    if (length <= MAX_NAME && sensitiveLabel(text.slice(open + 1, close)) !== null) return true
    // The closing quote opens the next span.
    CANDIDATE_SPAN.lastIndex = close
  }
  return false
}

/**
 * A span between two neighbouring quotes whose first and last characters other than ASCII separators can begin and
 * end a name (the first and last letters of a name in LABELS, in either case, or any non-ASCII character), with at
 * least four characters from the first to the last: every span a name can be (its letters are at least four, none an
 * ASCII separator), and more (a span the pattern finds is looked up).
 */
const CANDIDATE_SPAN = new RegExp(
  `"[\\t-\\r _.-]*[${endLetters(0)}\\u0080-\\uffff][^"]{2,}[${endLetters(-1)}\\u0080-\\uffff][\\t-\\r _.-]*"`,
  'g',
)

/** The letters, in both cases, the names of LABELS begin with (`at` 0) or end with (-1). */
function endLetters(at: number): string {
  const letters = new Set(Object.keys(LABELS).map(name => name.at(at) as string))
  return [...letters].map(l => `${l}${l.toUpperCase()}`).join('')
}

/** quotedName's walk over every span between neighbouring quotes: a span of a name's length is looked up. */
function anyQuotedSpan(text: string): boolean {
  let open = text.indexOf('"')
  while (open >= 0) {
    const close = text.indexOf('"', open + 1)
    if (close < 0) return false
    const length = close - open - 1
    if (length >= MIN_NAME && length <= MAX_NAME && sensitiveLabel(text.slice(open + 1, close)) !== null) return true
    open = close
  }
  return false
}

/** What `labelOf` strips, in ASCII: white space, `_`, `.`, `-`. */
function isAsciiSeparator(c: number): boolean {
  return c === 32 || c === 95 || c === 46 || c === 45 || (c >= 9 && c <= 13)
}

/**
 * A spelling in the run of name characters just before an `=` (a form or query pair, a parameter in free text).
 * Name characters are letters, digits, white space and `_ . % + -` (a spelling is made of them); the run is taken
 * wider than that (any non-ASCII character counts as one), so it errs towards matching. Runs end at each `=`, so the
 * text is walked once.
 */
function nameBeforeEquals(text: string): boolean {
  let eq = text.indexOf('=')
  while (eq >= 0) {
    let start = eq
    while (start > 0 && isNameCharacter(text.charCodeAt(start - 1))) start--
    if (eq - start >= MIN_NAME && holdsSpelling(text, start, eq)) return true
    eq = text.indexOf('=', eq + 1)
  }
  return false
}

/** The names of LABELS, the letters a spelling is made of. */
const NAMES = Object.keys(LABELS)

/**
 * Whether `text[from, to)` holds a spelling: ANY_SPELLING's answer. An ASCII run is read without the pattern: its
 * letters lower-cased and its separators dropped, it holds a spelling exactly when a name is part of it (a spelling
 * is a name's letters with only separators between them). Only a run with a non-ASCII character is matched by the
 * pattern, whose Unicode case folding (the Kelvin sign is a `k`) no ASCII text needs: its compile, the costliest of
 * the process's first requests (`charset=` in a content type is such a run), is paid only for such text.
 */
function holdsSpelling(text: string, from: number, to: number): boolean {
  let letters = ''
  for (let i = from; i < to; i++) {
    const c = text.charCodeAt(i)
    if (c > 127) return ANY_SPELLING.test(text.slice(from, to))
    if (!isSpellingSeparator(c)) letters += String.fromCharCode(c >= 65 && c <= 90 ? c | 32 : c)
  }
  if (letters.length < MIN_NAME) return false
  for (const name of NAMES) if (letters.includes(name)) return true
  return false
}

/** What ANY_SPELLING lets stand between a name's letters, in ASCII: white space, `_`, `.`, `+`, `-`. */
function isSpellingSeparator(c: number): boolean {
  return isAsciiSeparator(c) || c === 43
}

/** A name character in ASCII (letters, digits, `_ . % + -`, white space), or any non-ASCII one. */
function isNameCharacter(c: number): boolean {
  if (c > 127) return true
  const lower = c | 32
  return (
    (lower >= 97 && lower <= 122) ||
    (c >= 48 && c <= 57) ||
    c === 95 ||
    c === 46 ||
    c === 37 ||
    c === 43 ||
    c === 45 ||
    c === 32 ||
    (c >= 9 && c <= 13)
  )
}

/** Whether a value found under this label, in what the engine sends, becomes a known secret. */
export function isRegisteredLabel(label: string): boolean {
  return REGISTERED.has(label)
}

/** A value this redaction already produced (e.g. in an imported HAR): kept as it is, never registered. */
export const MARKER = /^\[redacted:[\w-]+:[0-9a-f]{8}\]$/
