import { createHmac } from 'node:crypto'

/**
 * Independent HMAC helpers for the conformance suite. They deliberately do NOT import the
 * sandbox's signer: two implementations that agree are the evidence.
 */

/** Hex HMAC-SHA256 of exactly `text` keyed with `secret`. */
export function hmacHex(secret: string, text: string): string {
  return createHmac('sha256', secret).update(text, 'utf8').digest('hex')
}

/** Signs a request the way docs/api.md#hmac-signature describes it (method upper-cased, path lower-cased, no query). */
export function specSignature(input: {
  clientId: string
  secret: string
  method: string
  path: string
  body?: string
  timestamp: number | string
}): string {
  const pathOnly = input.path.split('?')[0] as string
  const canonical = input.clientId + input.method.toUpperCase() + pathOnly.toLowerCase() + (input.body ?? '') + String(input.timestamp)
  return hmacHex(input.secret, canonical)
}
