import { createHash, randomBytes } from 'node:crypto'
import type { AuthorizeParam } from '../../../shared/contract'

interface AuthorizeUrlInput {
  /** {auth_url} without trailing slash. */
  authUrl: string
  /** The authorize path (docs/api.md#authorize: /oauth2/authorize/). */
  path: string
  clientId: string
  redirectUri: string
  state: string
  /** PKCE S256 challenge (RFC 7636), when enabled. */
  codeChallenge?: string
  /** Extra parameters a standard authorization server wants (such as `scope`), appended after the console's own. */
  extra?: Record<string, string>
}

/**
 * Builds the authorize URL of docs/api.md#authorize (client_id, redirect_uri, response_type=code) plus the recommended `state`
 * and, when asked, a PKCE challenge. The redirect URI goes in exactly as configured (only percent-encoded as a query
 * value), because the server compares it byte for byte with the registered one. Also returns each parameter with
 * why it is there, for the UI to show before anything is opened.
 */
export function buildAuthorizeUrl(input: AuthorizeUrlInput): { url: string; params: AuthorizeParam[] } {
  const params: AuthorizeParam[] = [
    { name: 'client_id', value: input.clientId, note: 'Spec 4.1: the client’s public identifier.' },
    { name: 'redirect_uri', value: input.redirectUri, note: 'Spec 4.1 and 5.1: must match the registered URI exactly.' },
    { name: 'response_type', value: 'code', note: 'Spec 4.1: always "code" (authorization code flow).' },
    {
      name: 'state',
      value: input.state,
      note: 'Spec 4.1: recommended against CSRF; fresh and random for every attempt, checked on the callback.',
    },
  ]
  if (input.codeChallenge) {
    params.push(
      {
        name: 'code_challenge',
        value: input.codeChallenge,
        note: 'RFC 7636 (PKCE): SHA-256 of a secret verifier sent later with the code.',
      },
      { name: 'code_challenge_method', value: 'S256', note: 'RFC 7636: the challenge is S256. Not stated by the spec; off by default.' },
    )
  }
  for (const [name, value] of Object.entries(input.extra ?? {})) {
    params.push({
      name,
      value,
      note:
        name === 'scope'
          ? 'RFC 6749 §3.3: the access asked for. Not in the spec; set in the environment’s extra authorize parameters.'
          : 'Set in the environment’s extra authorize parameters (not in the spec).',
    })
  }
  const query = new URLSearchParams(params.map((p): [string, string] => [p.name, p.value])).toString()
  return { url: `${input.authUrl}${input.path}?${query}`, params }
}

/** A fresh, unguessable `state` (128 bits, URL-safe). */
export function newState(): string {
  return randomBytes(16).toString('base64url')
}

/** A PKCE pair (RFC 7636 §4.1–4.2): a 43-character verifier and its S256 challenge. */
export function newPkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url')
  return { verifier, challenge: pkceChallenge(verifier) }
}

/** The S256 challenge of a verifier: BASE64URL(SHA256(ASCII(verifier))). */
export function pkceChallenge(verifier: string): string {
  return createHash('sha256').update(verifier, 'ascii').digest('base64url')
}
