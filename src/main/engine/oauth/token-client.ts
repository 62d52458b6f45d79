import { ConsoleError } from '../core/console-error'
import type { IncomingResponse, ResolvedEnvironment, SendHttp } from '../core/ports'
import type { SecretRegistry } from '../core/secret-registry'

/** A successful token response (docs/api.md#token-response or docs/api.md#refresh-response). */
export interface TokenGrant {
  accessToken: string
  refreshToken: string | null
  permissions: string[]
  tokenType: string
  /** Seconds; present in docs/api.md#token-response (code exchange), absent in docs/api.md#refresh-response (refresh). */
  expiration: number | null
  /** Seconds, RFC 6749 §5.1 (standard servers): used when `expiration` is absent. */
  expiresIn?: number | null
}

/** Why a token call failed, as the UI and the executor can act on it. */
type TokenFailureCause =
  | 'wrong-client'
  | 'code-replayed'
  | 'code-expired'
  | 'code-unknown'
  | 'redirect-mismatch'
  | 'refresh-expired'
  | 'refresh-revoked'
  | 'refresh-invalid'
  | 'invalid-request'
  | 'rate-limited'
  | 'server'
  | 'malformed-response'

interface TokenClientDeps {
  send: SendHttp
  secrets: SecretRegistry
}

/**
 * The token endpoint (docs/api.md#token-exchange and docs/api.md#token-refresh) with JSON bodies as the spec shows, or form bodies (RFC 6749 §4.1.3) for a
 * standard authorization server when the environment says so; client_id and client_secret go in the body either way. Every value learnt (code, tokens) is
 * registered for redaction before anything else happens with it; every refusal becomes a ConsoleError whose
 * `details.cause` names the reason (wrong client, code replayed, redirect mismatch, refresh revoked…).
 */
export class TokenClient {
  constructor(private readonly deps: TokenClientDeps) {}

  /** Exchanges an authorization code (docs/api.md#token-exchange), with the PKCE verifier when the flow used one. */
  async exchangeCode(env: ResolvedEnvironment, code: string, codeVerifier?: string): Promise<TokenGrant> {
    this.deps.secrets.add(code, 'code')
    this.deps.secrets.add(env.clientSecret, 'client_secret')
    const body: Record<string, string> = {
      grant_type: 'authorization_code',
      code,
      redirect_uri: env.redirectUri,
      client_id: env.clientId,
      client_secret: env.clientSecret,
    }
    if (codeVerifier) {
      this.deps.secrets.add(codeVerifier, 'code_verifier')
      body.code_verifier = codeVerifier
    }
    const response = await this.post(env, body)
    return this.parse(response, 'authorization_code', env)
  }

  /** Uses a refresh token (docs/api.md#token-refresh); the answer has no `expiration` (docs/api.md#refresh-response). */
  async refresh(env: ResolvedEnvironment, refreshToken: string): Promise<TokenGrant> {
    this.deps.secrets.add(refreshToken, 'refresh_token')
    this.deps.secrets.add(env.clientSecret, 'client_secret')
    const response = await this.post(env, {
      grant_type: 'refresh_token',
      refresh_token: refreshToken,
      client_id: env.clientId,
      client_secret: env.clientSecret,
    })
    return this.parse(response, 'refresh_token', env)
  }

  private post(env: ResolvedEnvironment, body: Record<string, string>): Promise<IncomingResponse> {
    const form = env.oauth?.tokenBody === 'form'
    return this.deps.send({
      method: 'POST',
      url: `${env.authUrl}${env.paths.token}`,
      headers: { 'content-type': form ? 'application/x-www-form-urlencoded' : 'application/json', accept: 'application/json' },
      body: form ? new URLSearchParams(body).toString() : JSON.stringify(body),
      purpose: 'oauth-token',
      env,
      timeoutMs: 30_000,
    })
  }

  private parse(response: IncomingResponse, grant: 'authorization_code' | 'refresh_token', env: ResolvedEnvironment): TokenGrant {
    const json = parseJson(response.body)
    if (response.status >= 200 && response.status < 300) {
      const access = json?.access_token
      if (typeof access !== 'string' || access === '') {
        throw failure(
          'server_error',
          'malformed-response',
          `The token endpoint answered ${response.status} without an access_token.`,
          response,
          undefined,
          {
            hint: 'The server does not follow spec 2.3/2.4. The network log shows the full answer.',
          },
        )
      }
      this.deps.secrets.add(access, 'access_token')
      const refresh = typeof json?.refresh_token === 'string' && json.refresh_token !== '' ? json.refresh_token : null
      this.deps.secrets.add(refresh, 'refresh_token')
      if (typeof json?.id_token === 'string') this.deps.secrets.add(json.id_token, 'id_token')
      const expiration = typeof json?.expiration === 'number' && json.expiration > 0 ? json.expiration : null
      const expiresIn = typeof json?.expires_in === 'number' && json.expires_in > 0 ? json.expires_in : null
      const permissions = Array.isArray(json?.permissions)
        ? json.permissions.filter((p): p is string => typeof p === 'string')
        : typeof json?.scope === 'string' // RFC 6749 §5.1: the granted scope, space-separated.
          ? json.scope.split(' ').filter(Boolean)
          : []
      return {
        accessToken: access,
        refreshToken: refresh,
        permissions,
        tokenType: typeof json?.token_type === 'string' ? json.token_type : 'Bearer',
        expiration,
        expiresIn,
      }
    }
    throw classify(response, json, grant, env)
  }
}

type Json = Record<string, unknown> & {
  access_token?: unknown
  refresh_token?: unknown
  expiration?: unknown
  expires_in?: unknown
  scope?: unknown
  id_token?: unknown
  permissions?: unknown
  token_type?: unknown
}

function parseJson(text: string): Json | null {
  try {
    const v: unknown = JSON.parse(text)
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Json) : null
  } catch {
    return null
  }
}

function failure(
  code: ConstructorParameters<typeof ConsoleError>[0],
  cause: TokenFailureCause,
  message: string,
  response: IncomingResponse,
  serverError: { error: string; description?: string } | undefined,
  extra: { hint?: string; details?: Record<string, unknown> } = {},
): ConsoleError {
  return new ConsoleError(code, message, {
    hint: extra.hint,
    details: { cause, status: response.status, serverError, logId: response.logId, ...extra.details },
  })
}

function classify(
  response: IncomingResponse,
  json: Json | null,
  grant: 'authorization_code' | 'refresh_token',
  env: ResolvedEnvironment,
): ConsoleError {
  const error = typeof json?.error === 'string' ? json.error : undefined
  const description = typeof json?.error_description === 'string' ? json.error_description : undefined
  const server = error ? { error, description } : undefined
  const said = error ? ` (${error}${description ? `: ${description}` : ''})` : ''
  const d = (description ?? '').toLowerCase()
  if (response.status === 429) {
    const retry = response.headers['retry-after']
    return failure('rate_limited', 'rate-limited', `The token endpoint is rate limiting this client${said}.`, response, server, {
      hint: `Wait ${retry ? `${retry} s (Retry-After)` : 'a minute'} before trying again.`,
    })
  }
  if (response.status === 401 || error === 'invalid_client') {
    return failure('unauthorized', 'wrong-client', `The token endpoint refused the client credentials${said}.`, response, server, {
      hint: `Check the client_id "${env.clientId}" and the client secret of "${env.name}": they must be the pair issued for ${env.authUrl}.`,
    })
  }
  if (error === 'invalid_grant' && grant === 'authorization_code') {
    if (/already (been )?used|replay|reused/.test(d)) {
      return failure('conflict', 'code-replayed', `The authorization code was already used${said}.`, response, server, {
        hint: 'Codes are single-use. Start a new authorization. The server may also have revoked the tokens issued from the first use (RFC 6749 §4.1.2).',
      })
    }
    if (/redirect/.test(d)) {
      return failure(
        'invalid_request',
        'redirect-mismatch',
        `The token endpoint says the redirect_uri does not match${said}.`,
        response,
        server,
        {
          hint: 'The token request must carry the same redirect_uri string as the authorize request, and both must equal the registered URI. Paste the registered URI into the diagnosis to compare them character by character.',
          details: { redirectUriSent: env.redirectUri },
        },
      )
    }
    if (/expired/.test(d)) {
      return failure('unauthorized', 'code-expired', `The authorization code expired before it was exchanged${said}.`, response, server, {
        hint: 'Start a new authorization and let the console exchange the code right away.',
      })
    }
    return failure('unauthorized', 'code-unknown', `The token endpoint refused the authorization code${said}.`, response, server, {
      hint: 'The code may belong to another client or environment, or have been mistyped. Start a new authorization.',
    })
  }
  if (error === 'invalid_grant') {
    const cause: TokenFailureCause = /revoked/.test(d)
      ? 'refresh-revoked'
      : /expired/.test(d)
        ? 'refresh-expired'
        : /another client|other client/.test(d)
          ? 'wrong-client'
          : 'refresh-invalid'
    const what = {
      'refresh-revoked': 'was revoked',
      'refresh-expired': 'has expired',
      'wrong-client': 'belongs to another client',
      'refresh-invalid': 'was refused',
    }[cause as 'refresh-revoked']
    return failure('unauthorized', cause, `The refresh token ${what}${said}.`, response, server, {
      hint: 'Authorize again to get a new token pair; the merchant will have to consent again.',
    })
  }
  if (response.status >= 500) {
    return failure(
      'server_error',
      'server',
      `The token endpoint failed with ${response.status} ${response.statusText}${said}.`,
      response,
      server,
      {
        hint: 'The problem is on the server side; try again later. The network log has the full answer.',
      },
    )
  }
  return failure(
    'invalid_request',
    'invalid-request',
    `The token endpoint refused the request with ${response.status}${said}.`,
    response,
    server,
    {
      hint: 'The network log shows the request as sent and the full answer.',
    },
  )
}
