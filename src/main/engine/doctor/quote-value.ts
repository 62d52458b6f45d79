/** Longest traffic value a verdict quotes; longer ones are described by their length. */
const MAX_QUOTED = 40

/**
 * Quotes a value taken from the partner's traffic in a verdict: whole or not at all. A cut value would defeat the
 * report's redaction of known secrets (it matches whole values only), so a long one is named by its length.
 */
export function quoteValue(value: string): string {
  return value.length <= MAX_QUOTED ? JSON.stringify(value) : `a value of ${value.length} characters`
}
