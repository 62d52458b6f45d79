import { createHash } from 'node:crypto'
import { secretsEqual } from './secure-compare'

/** A code_challenge as the authorize request sent it (RFC 7636 4.3; the method defaults to plain). */
export interface PkceChallenge {
  challenge: string
  method: 'S256' | 'plain'
}

/** RFC 7636 4.1/4.2: 43 to 128 characters of [A-Za-z0-9-._~]. */
const PKCE_VALUE = /^[A-Za-z0-9\-._~]{43,128}$/

/**
 * Reads code_challenge and code_challenge_method from an authorize request: null when no challenge was sent, a
 * problem (for an invalid_request redirect) when it is malformed or the method is unknown.
 */
export function readPkceChallenge(q: URLSearchParams): PkceChallenge | null | { problem: string } {
  const challenge = q.get('code_challenge')
  const method = q.get('code_challenge_method') ?? 'plain'
  if (challenge === null)
    return q.get('code_challenge_method') === null ? null : { problem: 'code_challenge_method without code_challenge' }
  if (method !== 'S256' && method !== 'plain')
    return { problem: `code_challenge_method ${JSON.stringify(method)} is not supported (S256, plain)` }
  if (!PKCE_VALUE.test(challenge)) return { problem: 'code_challenge must be 43 to 128 characters of A-Z a-z 0-9 - . _ ~' }
  return { challenge, method }
}

/** RFC 7636 4.6: the verifier, transformed by the method, must equal the challenge. The sandbox's own SHA-256. */
export function verifierMatches(pkce: PkceChallenge, verifier: string): boolean {
  if (!PKCE_VALUE.test(verifier)) return false
  const derived = pkce.method === 'S256' ? createHash('sha256').update(verifier, 'ascii').digest('base64url') : verifier
  return secretsEqual(derived, pkce.challenge)
}
