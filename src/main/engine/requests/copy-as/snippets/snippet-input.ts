import type { HttpAuthMode } from '../../../../../shared/contract'

/** Everything a snippet needs: the request without credentials, and how to add them at run time. */
export interface SnippetInput {
  method: string
  /** Absolute URL with query. */
  url: string
  /** Non-credential headers, as sent. */
  headers: Array<{ name: string; value: string }>
  body?: string
  auth: HttpAuthMode
  /** For HMAC: the client id (public; x-access-key). */
  clientId?: string
}

/** The environment variables a snippet reads at run time: nothing secret is ever written into one. */
export const SECRET_ENV = 'PARTNER_CLIENT_SECRET'
export const TOKEN_ENV = 'PARTNER_ACCESS_TOKEN'

/** The path the signature covers (docs/api.md#hmac-signature): the request's path as sent, lower-cased, no host or query. */
export function signedPath(url: string): string {
  return new URL(url).pathname.toLowerCase()
}

/** A one-line description for the snippet's header comment, raw: each language writes it through its comment quoting. */
export function describe(input: SnippetInput): string {
  const how =
    input.auth === 'hmac'
      ? `HMAC-signed at run time (spec 5.2) with the secret from ${SECRET_ENV}`
      : input.auth === 'bearer'
        ? `bearer token from ${TOKEN_ENV}`
        : 'no credentials'
  return `${input.method} ${input.url} (${how})`
}
