/** A character toLowerCase would change: an ASCII capital, or anything outside ASCII (checked by toLowerCase itself). */
const MAY_LOWER = /[A-Z\u0080-\uffff]/

/**
 * text.toLowerCase(), without a new string when there is nothing to lower: header names, paths and signatures are
 * almost always lower-case already, and a copy of each on every exchange is garbage the collector pays for.
 */
export function lowerCased(text: string): string {
  return MAY_LOWER.test(text) ? text.toLowerCase() : text
}

/** text.trim(), without a new string when neither end is whitespace (printable ASCII at both ends never is). */
export function trimmed(text: string): string {
  const n = text.length
  if (n === 0) return text
  const first = text.charCodeAt(0)
  const last = text.charCodeAt(n - 1)
  return first > 32 && first < 127 && last > 32 && last < 127 ? text : text.trim()
}
