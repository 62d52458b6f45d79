import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'

/**
 * Compares two secrets in constant time, whatever their lengths: both sides are hashed first so
 * `timingSafeEqual` always sees equal-length buffers and the length of the secret does not leak.
 */
export function secretsEqual(a: string, b: string): boolean {
  const ha = createHash('sha256').update(a, 'utf8').digest()
  const hb = createHash('sha256').update(b, 'utf8').digest()
  return timingSafeEqual(ha, hb)
}

/** The token fingerprint shown by the operator API: first 8 hex chars of sha256, never the value. */
export function fingerprint(value: string): string {
  return createHash('sha256').update(value, 'utf8').digest('hex').slice(0, 8)
}

/** An opaque, URL-safe random string with a readable prefix such as `sbx_at_`. */
export function randomToken(prefix: string, bytes = 32): string {
  return prefix + randomBytes(bytes).toString('base64url')
}
