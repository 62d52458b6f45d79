import type { HttpAuthMode } from '../../../shared/contract'
import { SPEC_PATHS } from '../../../shared/spec'
/**
 * The seams between the engine's parts. Auth (environments, OAuth, vault), signing, and requests (executor, quota, log)
 * are built separately; each depends on the others only through these interfaces, wired in src/main/runtime.
 */

/** An environment with its secret resolved: what the executor, the signer and the OAuth flow need to act. */
export interface ResolvedEnvironment {
  id: string
  name: string
  builtIn: boolean
  /** {auth_url}: host of /oauth2/authorize/ and /oauth2/token/, no trailing slash. */
  authUrl: string
  /** {base_url}: host of the partner API, no trailing slash. */
  baseUrl: string
  clientId: string
  /** Plain text: only engine code ever sees it; register it with the SecretRegistry before use. */
  clientSecret: string
  redirectUri: string
  /** Path overrides where a real deployment differs from the spec (e.g. the signed export prefix). */
  paths: {
    authorize: string
    token: string
    locations: string
    installations: string
    /** May contain `{locationId}`. */
    exportTickets: string
    exampleLocations: string
  }
  /** Marked production: the executor refuses state-changing requests without a typed confirmation. */
  production?: boolean
  /** Present for the built-in sandbox: where its operator API is and the admin token to use it. */
  sandboxAdmin?: { url: string; adminToken: string }
  /** Trust, proxy and client certificate (absent: Node's CA store, HTTP(S)_PROXY/NO_PROXY, no client certificate). */
  network?: ResolvedNetwork
  /** How to talk to the authorization server where it is a standard one rather than the spec's (absent: the spec). */
  oauth?: ResolvedOAuth
}

/** An environment's network settings with their secrets resolved (engine only: never logged or sent to the UI). */
export interface ResolvedNetwork {
  /** PEM files trusted on top of Node's store (and NODE_EXTRA_CA_CERTS). */
  caFiles: string[]
  /** PEM texts trusted on top, with a label (the built-in sandbox's own CA). */
  extraCas?: Array<{ label: string; pem: string }>
  /** Also trust the operating system's store (where this Node offers it). */
  systemCa: boolean
  /** 'env' = HTTPS_PROXY/HTTP_PROXY/NO_PROXY; 'none' = direct; 'url' = this proxy (NO_PROXY-style exceptions in noProxy). */
  proxy: { mode: 'env' | 'none' | 'url'; url?: string; username?: string; password?: string; noProxy?: string }
  clientCert?: { kind: 'pem'; certFile: string; key: string; passphrase?: string } | { kind: 'pkcs12'; file: string; passphrase?: string }
}

/** The token request's body format and extra authorize parameters (docs/api.md#token-exchange is JSON; RFC 6749 is a form). */
interface ResolvedOAuth {
  tokenBody: 'json' | 'form'
  authorizeParams: Record<string, string>
}

/** The spec's paths (src/shared/spec.ts, shared with the renderer). */
export const DEFAULT_PATHS: ResolvedEnvironment['paths'] = { ...SPEC_PATHS }

/** Gives the active environment (auth owns it; requests and signing read it). */
export interface EnvironmentProvider {
  /** Summaries for app:info and the environment switcher (no secrets). */
  list(): Promise<{ environments: import('../../../shared/contract').EnvironmentSummary[]; activeId: string | null }>
  /** The active environment, or throws ConsoleError('not_found') with a hint to create or choose one. */
  active(options?: EnvironmentReadOptions): Promise<ResolvedEnvironment>
  get(id: string, options?: EnvironmentReadOptions): Promise<ResolvedEnvironment>
}

/**
 * `secrets: false`: the environment's names and URLs only (client secret empty, no network settings), for what never
 * sends (a snippet reads its secret when it runs): a missing secret is then no error.
 */
export interface EnvironmentReadOptions {
  secrets?: boolean
}

/** Gives bearer tokens and refreshes them (auth owns it; the executor uses it for bearer calls). */
export interface TokenProvider {
  /** The current access token of the environment, or throws ConsoleError('unauthorized') saying to authorize first. */
  accessToken(envId: string): Promise<string>
  /**
   * Called by the executor after a 401 answered a call made with `failedToken`. Refreshes once (single-flight: every
   * concurrent caller shares one refresh request) and resolves with the new access token, or throws a ConsoleError
   * saying why it could not (expired, revoked, wrong client). Never loops: the executor retries once at most.
   */
  refreshAfter401(envId: string, failedToken: string): Promise<string>
}

/** One HTTP exchange the engine makes on the user's behalf (API calls, token calls, sandbox operator calls). */
export interface OutgoingRequest {
  method: string
  url: string
  headers: Record<string, string>
  body?: string
  /** Shown in the network log: what the console was doing. */
  purpose: 'api' | 'oauth-token' | 'sandbox-admin' | 'other'
  /** How it is authorized, stated by the caller (never guessed from headers); absent = none. */
  auth?: HttpAuthMode
  timeoutMs?: number
  signal?: AbortSignal
  /** The environment it is made for: its client (the quota key) and its network route; absent = anonymous, direct. */
  env?: Pick<ResolvedEnvironment, 'id'> & Partial<Pick<ResolvedEnvironment, 'clientId' | 'network'>>
  /** The caller reads the server's clock from this answer itself (a clock probe): the client adds no skew sample of its own. */
  readsClock?: boolean
}

export interface IncomingResponse {
  status: number
  statusText: string
  headers: Record<string, string>
  /** The body as text (possibly truncated: see `truncated`). */
  body: string
  truncated: boolean
  durationMs: number
  /** Id of the network-log entry that recorded the exchange, when logged. */
  logId?: string
}

/**
 * Sends an HTTP request and records it in the network log (redacted): HttpClient.send, the one HTTP path;
 * auth uses it for token calls so they show in the log too. Rejects with ConsoleError('network' | 'timeout' |
 * 'cancelled') when no response arrived.
 */
export type SendHttp = (request: OutgoingRequest) => Promise<IncomingResponse>
