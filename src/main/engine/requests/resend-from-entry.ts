import { authOf, type ComposerDraft, type ComposerPair, type LogEntry } from '../../../shared/contract'

/** Headers a resend never carries over: the credentials (made fresh at send) and what the HTTP client sets itself. */
export const NOT_REPLAYED = new Set([
  'authorization',
  'x-access-key',
  'x-timestamp',
  'x-signature',
  'cookie',
  'host',
  'content-length',
  'connection',
  'transfer-encoding',
  'accept-encoding',
  'user-agent',
])

/** What a draft is rebuilt from: the request half of a log entry (or of a pasted cURL command). */
type RequestHalf = Pick<LogEntry, 'id' | 'method' | 'url' | 'auth' | 'requestHeaders' | 'requestBody' | 'imported'>

/** The environment hosts a captured URL is matched against. */
export interface HostsOfEnvironment {
  baseUrl: string
  authUrl: string
}

/**
 * Rebuilds a composer request from a network-log entry (captured or imported from a HAR): method, path, query,
 * headers and body as logged, minus every captured credential. The auth mode is kept (bearer, HMAC or none, guessed
 * from the headers for imported entries), so the send uses the *current* environment's token or a fresh signature:
 * a captured secret, token or signature is never replayed. A URL on the environment's base or auth host becomes a
 * relative path on that target; any other host (a partner's HAR) is kept only when `keepForeignHost` is set, else
 * its path is aimed at the current environment (the usual reason to replay: reproduce a failing call here). Pure.
 */
export function draftFromEntry(
  entry: RequestHalf,
  env: HostsOfEnvironment | null,
  options: { keepForeignHost?: boolean } = {},
): ComposerDraft {
  const notes: string[] = []
  const url = new URL(entry.url)
  const origin = url.origin
  const baseOrigin = originOf(env?.baseUrl)
  const authOrigin = originOf(env?.authUrl)
  let target: 'api' | 'auth' = 'api'
  let path: string
  if (env && origin === baseOrigin && pathUnder(url.pathname, env.baseUrl)) {
    path = url.pathname.slice(basePath(env.baseUrl).length) || '/'
  } else if (env && origin === authOrigin && pathUnder(url.pathname, env.authUrl)) {
    target = 'auth'
    path = url.pathname.slice(basePath(env.authUrl).length) || '/'
  } else if (options.keepForeignHost || !env) {
    path = `${origin}${url.pathname}`
  } else {
    target = /^\/oauth2\//i.test(url.pathname) ? 'auth' : 'api'
    path = url.pathname
    notes.push(
      `Captured on ${origin}: the path is sent to the current environment’s ${target === 'auth' ? 'auth URL' : 'base URL'} instead.`,
    )
  }
  const query: ComposerPair[] = []
  for (const [name, value] of url.searchParams) query.push({ name, value, enabled: true })

  const headers: ComposerPair[] = []
  const dropped: string[] = []
  for (const h of entry.requestHeaders) {
    const name = h.name.toLowerCase()
    if (NOT_REPLAYED.has(name)) {
      if (!dropped.includes(name)) dropped.push(name)
      continue
    }
    headers.push({ name: h.name, value: h.value, enabled: true })
  }
  const auth = authOf(entry)
  if (dropped.some(d => d === 'authorization' || d.startsWith('x-'))) {
    notes.push(
      auth === 'hmac'
        ? 'The captured x-access-key, x-timestamp and x-signature are not reused: the request is signed anew at send with the current environment’s client.'
        : auth === 'bearer'
          ? 'The captured Authorization header is not reused: the current environment’s access token is sent (refreshed on a 401).'
          : 'The captured credentials are not reused.',
    )
  }
  let body: string | undefined
  if (entry.requestBody) {
    if (entry.requestBody.evicted) notes.push('The request body was dropped from the log to save memory: the draft has no body.')
    else {
      if (entry.requestBody.truncated) notes.push('The request body was truncated in the log: the draft holds only its first part.')
      body = entry.requestBody.text
    }
  }
  const redacted = [body ?? '', ...headers.map(h => h.value), ...query.map(q => q.value)].some(v => v.includes('[redacted:'))
  if (redacted) {
    notes.push('Some values show as [redacted:…]: the log never keeps secrets. Put the real values in before sending.')
  }
  if (entry.imported) notes.push('Imported from a HAR file: the current environment’s credentials are used.')
  return {
    request: { method: entry.method.toUpperCase(), target, path, params: {}, query, headers, body, auth },
    sourceId: entry.id,
    dropped,
    notes,
  }
}

function originOf(url: string | undefined): string | null {
  if (!url) return null
  try {
    return new URL(url).origin
  } catch {
    return null
  }
}

function basePath(url: string): string {
  try {
    return new URL(url).pathname.replace(/\/+$/, '')
  } catch {
    return ''
  }
}

function pathUnder(path: string, base: string): boolean {
  const prefix = basePath(base)
  return prefix === '' || path === prefix || path.startsWith(`${prefix}/`)
}
