import { CUT_VALUE, type LeafRedactor } from './json-redaction'
import { MARKER } from './sensitive-names'

/**
 * Redacts an `application/x-www-form-urlencoded` text (a form body, a query string, a URL fragment) pair by pair:
 * names are percent-decoded before they are looked up, a credential's value is decoded and replaced whole (every
 * repetition of the name too), other values go through `other`. When the text was cut at the body cap, the last value
 * is dropped whole.
 */
export function redactForm(text: string, leaf: LeafRedactor, labelOf: (name: string) => string | null, truncated = false): string {
  const pairs = text.split('&')
  const last = pairs.length - 1
  return pairs
    .map((pair, index) => {
      const eq = pair.indexOf('=')
      if (truncated && index === last) return eq < 0 ? CUT_VALUE : `${leaf.raw(pair.slice(0, eq))}=${CUT_VALUE}`
      if (eq < 0) return leaf.raw(pair)
      const name = pair.slice(0, eq)
      const raw = pair.slice(eq + 1)
      const label = labelOf(decodeForm(name))
      if (label) {
        if (raw === '') return pair
        const value = decodeForm(raw)
        return `${name}=${MARKER.test(value) ? value : leaf.byName(value, label)}`
      }
      return `${leaf.raw(name)}=${redactEncoded(raw, leaf)}`
    })
    .join('&')
}

const MARKERS = /(\[redacted:[\w-]+:[0-9a-f]{8}\])/

/**
 * A form-encoded value checked for known secrets after decoding, so no encoder's choices (which characters it escapes,
 * `+` or `%20`, hex case) can hide one; a value holding one is re-encoded around the markers.
 */
function redactEncoded(raw: string, leaf: LeafRedactor): string {
  const direct = leaf.raw(raw)
  const decoded = decodeForm(raw)
  if (decoded === raw) return direct
  const redacted = leaf.raw(decoded)
  if (redacted === decoded) return direct
  return redacted
    .split(MARKERS)
    .map((part, i) => (i % 2 === 1 ? part : encodeURIComponent(part)))
    .join('')
}

/** A `name=value` pair anywhere in free text (a URL in a header or an HTML page, a `Refresh: 0; url=…`). */
const PARAM = /(^|[?&#;,\s<>"'(])([\w.%-]{1,64})=([^?&#;,\s<>"')]*)/g

/**
 * Redacts credential parameters found anywhere in free text: `?code=…`, `#access_token=…`, `&client_secret=…`.
 * Other text is left as it is.
 */
export function redactParams(text: string, leaf: LeafRedactor, labelOf: (name: string) => string | null): string {
  if (!text.includes('=')) return text
  // Copy on write: pieces are built only from the first pair that changes (`Keep-Alive: timeout=5` stays as it is).
  let out = ''
  let flushed = 0
  PARAM.lastIndex = 0
  for (let m = PARAM.exec(text); m !== null; m = PARAM.exec(text)) {
    const [match, lead, name, raw] = m as unknown as [string, string, string, string]
    const replaced = redactParam(match, lead, name, raw, leaf, labelOf)
    if (replaced === match) continue
    out += text.slice(flushed, m.index) + replaced
    flushed = m.index + match.length
  }
  return flushed === 0 ? text : out + text.slice(flushed)
}

function redactParam(
  match: string,
  lead: string,
  name: string,
  raw: string,
  leaf: LeafRedactor,
  labelOf: (name: string) => string | null,
): string {
  const label = labelOf(name)
  if (!label) {
    if (raw === '') return match
    const redacted = redactEncoded(raw, leaf)
    return redacted === raw ? match : `${lead}${name}=${redacted}`
  }
  if (raw === '') return match
  const value = decodeForm(raw)
  return MARKER.test(value) ? match : `${lead}${name}=${leaf.byName(value, label)}`
}

/** A JSON-looking `"name": "value"` inside text that is not JSON as a whole (a script in an HTML page, a log line). */
const JSON_PAIR = /"([\w.%-]{1,64})"(\s*:\s*)"((?:[^"\\]|\\.){0,8192})"/g

/** Redacts credential fields of JSON fragments inside free text. */
export function redactJsonFragments(text: string, leaf: LeafRedactor, labelOf: (name: string) => string | null): string {
  if (!text.includes('"')) return text
  return text.replace(JSON_PAIR, (match, name: string, colon: string, raw: string) => {
    const label = labelOf(name)
    if (!label) return match
    let value = raw
    try {
      value = JSON.parse(`"${raw}"`) as string
    } catch {
      // keep the raw text as the value
    }
    return MARKER.test(value) ? match : `"${name}"${colon}${JSON.stringify(leaf.byName(value, label))}`
  })
}

/** Decodes one form-encoded component (`+` is a space); a value that does not decode is kept as it is. */
function decodeForm(raw: string): string {
  if (!raw.includes('%') && !raw.includes('+')) return raw
  try {
    return decodeURIComponent(raw.replace(/\+/g, ' '))
  } catch {
    return raw
  }
}
