import { hmacHex, signatureOf } from './signer'

/**
 * One HMAC check of a signed request as it was sent: the inputs it was computed over (what the client sent in its
 * three x- headers, the method, the target with its query, the body as text) and whether x-signature matched. The
 * capture makes it once per signed request and hands it on with the exchange, so a second reader (the doctor) that
 * would check the same request with the same key reuses it instead of computing the HMAC again.
 */
export interface SignatureCheck {
  /** Which key the HMAC was computed with (keyIdOf the secret), never the secret itself. */
  keyId: string
  accessKey: string
  method: string
  /** The path with its query (`?…`), as the client sent it. */
  target: string
  /** The body as signed ('' when none). */
  body: string
  timestamp: number
  /** The x-signature header as sent. */
  signature: string
  /** Whether x-signature (trimmed, any hex case) is the HMAC of the request's canonical string. */
  matches: boolean
}

/** What a check is computed over: everything but the key's id and the result. */
type SignatureCheckInput = Omit<SignatureCheck, 'keyId' | 'matches'>

/**
 * A name for an HMAC key, equal for equal secrets and different for different ones, that tells nothing about the
 * secret (an HMAC of a fixed text keyed with it): what lets a check made with one copy of the environment's secret be
 * trusted by a reader holding another copy. Computed once per key, not per request.
 */
export function keyIdOf(clientSecret: string): string {
  return hmacHex(clientSecret, 'partner-console signature-check key id')
}

/**
 * Checks a signed request with the signer's own canonical string and HMAC (signatureOf): `matches` is exactly
 * `signatureOf(input) === signature.trim().toLowerCase()`. Throws what signatureOf throws (no client id or secret).
 */
export function checkSignature(key: { keyId: string; clientSecret: string }, input: SignatureCheckInput): SignatureCheck {
  const expected = signatureOf({
    clientId: input.accessKey,
    clientSecret: key.clientSecret,
    method: input.method,
    path: input.target,
    body: input.body,
    timestamp: input.timestamp,
  })
  return {
    keyId: key.keyId,
    accessKey: input.accessKey,
    method: input.method,
    target: input.target,
    body: input.body,
    timestamp: input.timestamp,
    signature: input.signature,
    matches: expected === input.signature.trim().toLowerCase(),
  }
}

/**
 * The result of an earlier check when it was made with this key over exactly these inputs, else null (check it
 * anew): a check is reused only for the very request it was made for, never for a similar one.
 */
export function reusedResult(check: SignatureCheck | null | undefined, keyId: string, input: SignatureCheckInput): boolean | null {
  if (
    !check ||
    check.keyId !== keyId ||
    check.timestamp !== input.timestamp ||
    check.signature !== input.signature ||
    check.accessKey !== input.accessKey ||
    check.method !== input.method ||
    check.target !== input.target ||
    check.body !== input.body
  )
    return null
  return check.matches
}
