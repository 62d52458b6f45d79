import { z } from 'zod'
import { lazySchema } from './define'

// The one definition of what a request's method and header fields may hold. The composer, `http:send`, HAR import
// (and so bundle import and replay), resend and "Copy as" all check with these, so a field that could not be sent as
// HTTP never reaches the executor or a code generator.

/**
 * RFC 9110 5.6.2 token: ASCII letters, digits and !#$%&'*+-.^_`|~ only. Checked on the text as given, before any case
 * mapping: `poſt` (U+017F) upper-cases to `POST` and the Kelvin sign lower-cases to `k`, so a check after the mapping
 * would let look-alikes through.
 */
const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/

/**
 * RFC 9110 5.5 field value, without obs-text: HTAB, SP and visible ASCII. Nothing else: no CR, LF, NUL, other C0
 * control or DEL; no U+0080–U+00FF either (obs-text, which RFC 9110 keeps only for old fields: HTTP clients disagree
 * on its bytes, Node sending UTF-8 where undici sends Latin-1, and U+0085 is a line terminator there); and no code point
 * above, U+2028 and U+2029 included.
 */
const FIELD_VALUE = /^[\t\x20-\x7e]*$/

/** Whether `text` is an RFC 9110 token (a method or a header name). */
export function isHttpToken(text: string): boolean {
  return TOKEN.test(text)
}

/** Whether `text` can be a header field value as sent (see FIELD_VALUE). */
export function isHeaderValue(text: string): boolean {
  return FIELD_VALUE.test(text)
}

const TOKEN_HELP = "letters, digits and !#$%&'*+-.^_`|~ only (RFC 9110 token)"

/** The rules as schema messages say them. */
export const HEADER_NAME_RULE = `a header name: ${TOKEN_HELP}`
export const HEADER_VALUE_RULE = 'a header value: printable ASCII, spaces and tabs only (no line break, NUL or other control character)'

export const httpMethodSchema = lazySchema(() =>
  z.string().min(1).max(32).regex(TOKEN, `an HTTP method such as GET or POST: ${TOKEN_HELP}`),
)
export const headerNameSchema = lazySchema(() => z.string().min(1).max(256).regex(TOKEN, HEADER_NAME_RULE))
export const headerValueSchema = lazySchema(() => z.string().regex(FIELD_VALUE, HEADER_VALUE_RULE))

/**
 * What is wrong with a request's method or headers, in words a user can act on, or null when every field can be sent.
 * The same rule as the schemas above, for code paths that hold a request rather than parse one (resend, snippets).
 */
export function requestFieldProblem(method: string, headers: Iterable<{ name: string; value: string }>): string | null {
  if (method.length === 0 || method.length > 32 || !isHttpToken(method)) {
    return `The method ${visible(method)} is not an HTTP method: it must be ${TOKEN_HELP}, at most 32 characters.`
  }
  for (const h of headers) {
    if (!isHttpToken(h.name)) return `The header name ${visible(h.name)} is not valid: it must be ${TOKEN_HELP}.`
    if (!isHeaderValue(h.value)) {
      return `The value of the header ${h.name} holds a line break, NUL, control character or non-ASCII character: header values are printable ASCII, spaces and tabs.`
    }
  }
  return null
}

/** A value quoted with every control and non-ASCII character escaped (\n, \u2028): an error shows what is there. */
function visible(text: string): string {
  const cut = text.length > 60 ? `${text.slice(0, 60)}…` : text
  return JSON.stringify(cut).replace(/[^\x20-\x7e]/g, c => (c === '…' ? c : `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`))
}
