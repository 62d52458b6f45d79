import type { SecretRegistry } from '../core/secret-registry'
import { mayNameCredential, sensitiveLabel } from '../log/sensitive-names'

/** Bodies larger than this are not parsed for credentials (they are still redacted by name and known value). */
const MAX_PARSED_BODY = 1024 * 1024
const MAX_DEPTH = 32

type Pairs = ReadonlyArray<readonly [string, string]>

/**
 * Registers every credential of a captured exchange with the secret registry, before anything of it is redacted: the
 * tokens a captured token response issued, the codes in captured redirects (Location) and callback queries, the
 * client secret of a captured token request (form, JSON or HTTP Basic), bearer tokens and cookies. The engine's own
 * rule (a server's answer never makes text a secret) does not hold here: everything the partner's integration sends
 * or receives is a secret until proven otherwise. Nothing is pinned (see SecretRegistry.add).
 * Signatures are returned, not registered: each is valid once, for seconds, and a new one rides on every signed
 * exchange, so they are masked in their own exchange only (SecretRegistry.withOneUse), never kept for the session.
 */
export function harvestCapturedSecrets(
  secrets: SecretRegistry,
  exchange: {
    url: string
    requestHeaders: Pairs
    requestBody: string | null
    responseHeaders: Pairs
    responseBody: string | null
  },
): Array<[value: string, label: string]> {
  const oneUse: Array<[string, string]> = []
  fromUrl(exchange.url, secrets)
  for (const [name, value] of exchange.requestHeaders) {
    const lower = name.toLowerCase()
    if (lower === 'x-signature') oneUse.push([value.trim(), 'signature'])
    else fromRequestHeader(lower, value, secrets)
  }
  for (const [name, value] of exchange.responseHeaders) {
    const lower = name.toLowerCase()
    if (lower === 'location') fromUrl(value, secrets)
    else if (lower === 'set-cookie') fromCookie(value.split(';')[0] ?? '', secrets)
    else fromNamedHeader(lower, value, secrets)
  }
  if (exchange.requestBody) fromBody(exchange.requestBody, secrets)
  if (exchange.responseBody) fromBody(exchange.responseBody, secrets)
  return oneUse
}

/** How every credential found here is registered: never pinned (see SecretRegistry.add); one object, not one per call. */
const UNPINNED = { pin: false } as const

function fromRequestHeader(lower: string, value: string, secrets: SecretRegistry): void {
  if (lower === 'authorization' || lower === 'proxy-authorization') {
    const m = /^([A-Za-z][\w-]*)\s+(\S+)\s*$/.exec(value)
    if (!m) {
      secrets.add(value.trim(), 'authorization', UNPINNED)
      return
    }
    const scheme = (m[1] as string).toLowerCase()
    const credential = m[2] as string
    secrets.add(credential, scheme === 'bearer' ? 'access_token' : 'authorization', UNPINNED)
    if (scheme === 'basic') {
      const decoded = Buffer.from(credential, 'base64').toString('utf8')
      const colon = decoded.indexOf(':')
      if (colon >= 0) secrets.add(safeDecode(decoded.slice(colon + 1)), 'client_secret', UNPINNED)
    }
    return
  }
  if (lower === 'cookie') {
    for (const part of value.split(';')) fromCookie(part, secrets)
    return
  }
  fromNamedHeader(lower, value, secrets)
}

/** `X-Api-Key`, `Access-Token`: a header named like a credential field carries one. */
function fromNamedHeader(lower: string, value: string, secrets: SecretRegistry): void {
  const label = headerLabel(lower)
  if (label) secrets.add(value.trim(), label, UNPINNED)
}

/** A header name's credential label (`code` is none for a header). The same names come on every exchange: cached. */
function headerLabel(lower: string): string | null {
  let label = headerLabels.get(lower)
  if (label === undefined) {
    const named = sensitiveLabel(lower.startsWith('x-') ? lower.slice(2) : lower)
    label = named === 'code' ? null : named
    // Names come from clients and servers: a bounded cache of a pure function of the name.
    if (headerLabels.size >= MAX_CACHED_HEADERS) headerLabels.clear()
    headerLabels.set(lower, label)
  }
  return label
}

const MAX_CACHED_HEADERS = 1000
const headerLabels = new Map<string, string | null>()

function fromCookie(pair: string, secrets: SecretRegistry): void {
  const eq = pair.indexOf('=')
  if (eq > 0) secrets.add(pair.slice(eq + 1).trim(), 'cookie', UNPINNED)
}

/** The query and the fragment of a URL (a redirect's `code`, an implicit flow's `#access_token`). */
function fromUrl(url: string, secrets: SecretRegistry): void {
  const q = url.indexOf('?')
  const h = url.indexOf('#')
  if (q >= 0) fromForm(url.slice(q + 1, h > q ? h : undefined), secrets)
  if (h >= 0) fromForm(url.slice(h + 1), secrets)
}

function fromForm(text: string, secrets: SecretRegistry): void {
  for (const [name, value] of new URLSearchParams(text)) {
    const label = sensitiveLabel(name)
    if (label && value) secrets.add(value, label, UNPINNED)
  }
}

/**
 * A body that cannot name a credential field is not parsed at all (mayNameCredential: a name as a whole quoted string
 * or before `=`; `"countryCode"` is not one): most captured bodies are API data, and parsing each one costs. An escape
 * (`\\`, `%`) could hide a name, so a body with one is always parsed.
 */
function fromBody(text: string, secrets: SecretRegistry): void {
  if (text.length > MAX_PARSED_BODY) return
  if (!text.includes('\\') && !text.includes('%') && !mayNameCredential(text)) return
  const first = /\S/.exec(text.slice(0, 64))?.[0]
  if (first === '{' || first === '[') {
    let parsed: unknown
    try {
      parsed = JSON.parse(text)
    } catch {
      return
    }
    walk(parsed, secrets, 0)
  } else if (text.includes('=') && !/[\s<>{}"]/.test(text.slice(0, 4096))) {
    fromForm(text, secrets)
  }
}

function walk(value: unknown, secrets: SecretRegistry, depth: number): void {
  if (depth > MAX_DEPTH || value === null || typeof value !== 'object') return
  if (Array.isArray(value)) {
    for (const item of value) walk(item, secrets, depth + 1)
    return
  }
  for (const [key, inner] of Object.entries(value)) {
    const label = sensitiveLabel(key)
    if (label && typeof inner === 'string') secrets.add(inner, label, UNPINNED)
    else walk(inner, secrets, depth + 1)
  }
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '))
  } catch {
    return text
  }
}
