import { hash } from 'node:crypto'
import type { CapturedExchange } from '../capture/captured-exchange'
import { lowerCased } from './plain-text'
import { type QueryParams, queryParams } from './query-params'

/** Which endpoint of the spec an exchange went to (section 4), from its path alone. */
export type EndpointKind = 'authorize' | 'token' | 'locations' | 'installations' | 'api-locations' | 'export' | 'operator' | 'other'

/** Endpoints called with `Authorization: Bearer` (4.4, 4.5, 4.7). */
export const BEARER_ENDPOINTS: ReadonlySet<EndpointKind> = new Set(['locations', 'installations', 'api-locations'])

const EXPORT_PATH = /^\/api\/v1\/export\/[^/]+\/tickets$/
const BEARER = /^\s*bearer\s/i
const BEARER_TOKEN = /^\s*bearer\s+(\S+)/i
const BASIC_CREDENTIALS = /^\s*basic\s+(\S+)/i

/** Classifies a path: case-insensitive, trailing slashes ignored, as the API routes it. */
export function endpointOf(path: string): EndpointKind {
  let p = lowerCased(path)
  let end = p.length
  while (end > 1 && p.charCodeAt(end - 1) === 47) end--
  if (end < p.length) p = p.slice(0, end)
  if (p === '/oauth2/authorize') return 'authorize'
  if (p === '/oauth2/token') return 'token'
  if (p === '/marketplace/v2/platform-token/locations') return 'locations'
  if (p === '/marketplace/v2/platform-token/installations') return 'installations'
  if (p === '/api/v1/locations') return 'api-locations'
  if (EXPORT_PATH.test(p)) return 'export'
  if (p.startsWith('/_sandbox/')) return 'operator'
  return 'other'
}

/** A short, non-reversible name for a token or code: what the doctor keeps instead of the value. */
export function tokenFingerprint(value: string): string {
  // The one-shot hash: a third of createHash's cost, and it runs on every bearer call.
  return hash('sha256', value, 'base64url').slice(0, 16)
}

/** The body of a token request (JSON or form encoded), reduced to what the rules need. */
interface TokenRequestFacts {
  grantType: string | null
  clientId: string | null
  redirectUri: string | null
  codeFp: string | null
  refreshFp: string | null
}

/** The body of a successful token response, reduced to fingerprints and the presence of `expiration`. */
interface TokenResponseFacts {
  accessFp: string | null
  refreshFp: string | null
  hasExpiration: boolean
}

/**
 * What the rules read from one exchange, computed once and shared by every judge: header lookups by lower-case name,
 * the endpoint, the bearer token's fingerprint, parsed token bodies. Holds no raw token or secret beyond the call.
 * The doctor keeps one and re-points it at each exchange (`load`): no object per exchange, and judges read it only
 * during their `observe` call, never keep it.
 */
export class ExchangeFacts {
  private exchange!: CapturedExchange
  private kind!: EndpointKind
  private upperMethod!: string
  /** The request headers the judges ask for, picked out in one pass (the first of repeated ones). */
  private signature: string | undefined
  private timestamp: string | undefined
  private accessKey: string | undefined
  private authorization: string | undefined
  private contentType: string | undefined
  private tokenRequestCache: TokenRequestFacts | null | undefined
  private tokenResponseCache: TokenResponseFacts | null | undefined
  private queryCache: QueryParams | undefined
  private bodyTextCache: string | undefined
  private bearerFpCache: string | null | undefined
  private bearerTokenCache: string | null | undefined
  private memoKey: string | undefined
  private memoValue: unknown
  /** The paths and method classified last: a capture's traffic repeats them, so most exchanges classify nothing. */
  private lastPath = ''
  private lastKind: EndpointKind = 'other'
  private prevPath = ''
  private prevKind: EndpointKind = 'other'
  private lastMethod = ''
  private lastUpperMethod = ''

  constructor(x: CapturedExchange) {
    this.load(x)
  }

  /** Re-points these facts at another exchange, forgetting everything derived from the previous one. */
  load(x: CapturedExchange): this {
    this.exchange = x
    const { path, method } = x.request
    if (path !== this.lastPath) {
      // Two paths remembered: traffic that alternates a hot path with others (a listing between exports) classifies
      // the hot one once.
      const kind = path === this.prevPath ? this.prevKind : endpointOf(path)
      this.prevPath = this.lastPath
      this.prevKind = this.lastKind
      this.lastKind = kind
      this.lastPath = path
    }
    this.kind = this.lastKind
    if (method !== this.lastMethod) {
      this.lastUpperMethod = method.toUpperCase()
      this.lastMethod = method
    }
    this.upperMethod = this.lastUpperMethod
    this.forget()
    // One pass, no map: only names of these lengths can be one of the five, compared in place (lowerEquals).
    const headers = x.request.headers
    for (let i = 0; i < headers.length; i++) {
      const header = headers[i]!
      const name = header[0]
      const n = name.length
      if (n === 11) {
        if (lowerEquals(name, 'x-signature')) this.signature ??= header[1]
        else if (lowerEquals(name, 'x-timestamp')) this.timestamp ??= header[1]
      } else if (n === 12) {
        if (lowerEquals(name, 'x-access-key')) this.accessKey ??= header[1]
        else if (lowerEquals(name, 'content-type')) this.contentType ??= header[1]
      } else if (n === 13 && lowerEquals(name, 'authorization')) this.authorization ??= header[1]
    }
    return this
  }

  /**
   * Drops the exchange and everything read from it (header values, the bearer token, bodies): called once the judges
   * are done, so that between exchanges the doctor holds no request's credentials.
   */
  release(): void {
    this.exchange = RELEASED
    this.forget()
  }

  private forget(): void {
    this.signature = undefined
    this.timestamp = undefined
    this.accessKey = undefined
    this.authorization = undefined
    this.contentType = undefined
    this.tokenRequestCache = undefined
    this.tokenResponseCache = undefined
    this.queryCache = undefined
    this.bodyTextCache = undefined
    this.bearerFpCache = undefined
    this.bearerTokenCache = undefined
    this.memoKey = undefined
    this.memoValue = undefined
  }

  /** The exchange as the capture recorded it. */
  get x(): CapturedExchange {
    return this.exchange
  }

  get endpoint(): EndpointKind {
    return this.kind
  }

  /** The request's method, upper-cased. */
  get method(): string {
    return this.upperMethod
  }

  /** A request header by lower-case name (the first of repeated ones). */
  header(name: string): string | undefined {
    switch (name) {
      case 'x-signature':
        return this.signature
      case 'x-timestamp':
        return this.timestamp
      case 'x-access-key':
        return this.accessKey
      case 'authorization':
        return this.authorization
      case 'content-type':
        return this.contentType
    }
    return findHeader(this.exchange.request.headers, name)
  }

  /** A response header by lower-case name (the first of repeated ones). Judges ask for one or two: no index is built. */
  responseHeader(name: string): string | undefined {
    const response = this.exchange.response
    return response === null || response === undefined ? undefined : findHeader(response.headers, name)
  }

  get status(): number | null {
    return this.x.response?.status ?? null
  }

  get logId(): string {
    return this.x.logId
  }

  /** The bearer token's fingerprint, or null when the request has no `Authorization: Bearer`. */
  get bearerFp(): string | null {
    if (this.bearerFpCache !== undefined) return this.bearerFpCache
    const token = this.bearerToken
    this.bearerFpCache = token === null ? null : tokenFingerprint(token)
    return this.bearerFpCache
  }

  /** Whether the request carries a bearer token (bearerFp is not null), known without hashing it. */
  get hasBearerToken(): boolean {
    return this.bearerToken !== null
  }

  private get bearerToken(): string | null {
    if (this.bearerTokenCache !== undefined) return this.bearerTokenCache
    const auth = this.authorization
    const m = auth ? BEARER_TOKEN.exec(auth) : null
    this.bearerTokenCache = m ? m[1]! : null
    return this.bearerTokenCache
  }

  get hasBearer(): boolean {
    const auth = this.authorization
    return auth !== undefined && BEARER.test(auth)
  }

  /**
   * A value derived once per exchange and shared by the judges that need it (the rate-limit key). One slot, no Map:
   * a second key (none today) replaces the first, which is then derived again if asked for. `make` gets this and
   * `arg` rather than closing over them, so asking again allocates nothing.
   */
  memo<T, A>(key: string, make: (f: ExchangeFacts, arg: A) => T, arg: A): T {
    if (this.memoKey !== key) {
      this.memoValue = make(this, arg)
      this.memoKey = key
    }
    return this.memoValue as T
  }

  get hasHmacHeaders(): boolean {
    return this.signature !== undefined || this.timestamp !== undefined || this.accessKey !== undefined
  }

  /** The query's parameters as URLSearchParams reads them, to read only (query-params.ts: most are read in place). */
  get query(): QueryParams {
    this.queryCache ??= queryParams(this.x.request.query)
    return this.queryCache
  }

  /** The request body as UTF-8 text ('' when none). */
  get bodyText(): string {
    this.bodyTextCache ??= this.x.request.body.size === 0 ? '' : this.x.request.body.bytes.toString('utf8')
    return this.bodyTextCache
  }

  get requestContentType(): string {
    return (this.contentType ?? '').split(';')[0]!.trim().toLowerCase()
  }

  /** The token request's grant and fingerprints (JSON or form body), null when it is not a token request. */
  get tokenRequest(): TokenRequestFacts | null {
    if (this.tokenRequestCache !== undefined) return this.tokenRequestCache
    this.tokenRequestCache = null
    if (this.endpoint !== 'token' || this.method !== 'POST' || this.x.request.body.truncated) return null
    const fields = parseFields(this.bodyText, this.requestContentType)
    if (!fields) return null
    let clientId = textField(fields, 'client_id')
    const basic = BASIC_CREDENTIALS.exec(this.authorization ?? '')
    if (clientId === null && basic) clientId = Buffer.from(basic[1]!, 'base64').toString('utf8').split(':')[0] ?? null
    const code = textField(fields, 'code')
    const refresh = textField(fields, 'refresh_token')
    this.tokenRequestCache = {
      grantType: textField(fields, 'grant_type'),
      clientId,
      redirectUri: textField(fields, 'redirect_uri'),
      codeFp: code ? tokenFingerprint(code) : null,
      refreshFp: refresh ? tokenFingerprint(refresh) : null,
    }
    return this.tokenRequestCache
  }

  /** A 2xx token response's fingerprints and whether it has `expiration`; null otherwise. */
  get tokenResponse(): TokenResponseFacts | null {
    if (this.tokenResponseCache !== undefined) return this.tokenResponseCache
    this.tokenResponseCache = null
    const res = this.x.response
    if (this.endpoint !== 'token' || !res || res.status < 200 || res.status > 299 || res.body.truncated) return null
    const json = parseJsonObject(res.body.bytes.toString('utf8'))
    if (!json) return null
    this.tokenResponseCache = {
      accessFp: fingerprintField(json, 'access_token'),
      refreshFp: fingerprintField(json, 'refresh_token'),
      hasExpiration: 'expiration' in json,
    }
    return this.tokenResponseCache
  }
}

// Module functions, not closures in the getters: a closure would make every call allocate its context, even the
// usual one that returns at once.
function textField(fields: Record<string, unknown>, name: string): string | null {
  const value = fields[name]
  return typeof value === 'string' ? value : null
}

function fingerprintField(json: Record<string, unknown>, name: string): string | null {
  const value = json[name]
  return typeof value === 'string' && value !== '' ? tokenFingerprint(value) : null
}

/** What released facts point at: an exchange with nothing in it. */
const RELEASED: CapturedExchange = {
  logId: '',
  seq: 0,
  envId: '',
  host: undefined as never,
  client: undefined as never,
  startedAt: 0,
  respondedAt: null,
  request: undefined as never,
  response: null,
  error: null,
  drill: null,
}

/** The first header of this lower-case name: only names of its length are lower-cased. */
/**
 * Whether text.toLowerCase() is this lower-case ASCII name of the same length, compared character by character (no
 * expression run, no copy); text outside ASCII is lowered by toLowerCase itself (a Kelvin sign lowers to "k").
 */
function lowerEquals(text: string, lower: string): boolean {
  for (let i = 0; i < lower.length; i++) {
    const c = text.charCodeAt(i)
    const l = lower.charCodeAt(i)
    if (c === l || (c >= 65 && c <= 90 && c + 32 === l)) continue
    return c >= 128 && text.toLowerCase() === lower
  }
  return true
}

function findHeader(headers: ReadonlyArray<readonly [string, string]>, name: string): string | undefined {
  for (let i = 0; i < headers.length; i++) {
    const header = headers[i]!
    if (header[0].length === name.length && lowerCased(header[0]) === name) return header[1]
  }
  return undefined
}

function parseFields(body: string, contentType: string): Record<string, unknown> | null {
  if (contentType === 'application/x-www-form-urlencoded') return Object.fromEntries(new URLSearchParams(body))
  return parseJsonObject(body) ?? (body.includes('=') ? Object.fromEntries(new URLSearchParams(body)) : null)
}

/** Parses text as a JSON object; anything else (array, scalar, invalid) is null. */
export function parseJsonObject(text: string): Record<string, unknown> | null {
  try {
    const v: unknown = JSON.parse(text)
    return v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null
  } catch {
    return null
  }
}
