/**
 * Facts of the Partner API spec that the engine and the renderer both need, defined once and zod-free (the renderer's
 * first screen imports them): the endpoint paths, the export query, and how the inspector escapes invisible text.
 */

/** The spec's endpoint paths (an environment may override them, e.g. a deployment's signed export prefix). */
export const SPEC_PATHS = {
  authorize: '/oauth2/authorize/',
  token: '/oauth2/token/',
  locations: '/marketplace/v2/platform-token/locations',
  installations: '/marketplace/v2/platform-token/installations',
  /** May contain `{locationId}`. */
  exportTickets: '/api/v1/export/{locationId}/tickets',
  exampleLocations: '/api/v1/locations/',
} as const

type SpecPaths = { -readonly [K in keyof typeof SPEC_PATHS]: string }

/** A date as the export's filters take it (docs/api.md#export-tickets): YYYY-MM-DD (the form only; whether the day exists is the server's call). */
export const EXPORT_DATE = /^\d{4}-\d{2}-\d{2}$/

/** The export's query (docs/api.md#export-tickets): both dates, in this order, URI-encoded. */
export function exportTicketsQuery(from: string, to: string): string {
  return `filter[dateTimeFrom]=${encodeURIComponent(from)}&filter[dateTimeTo]=${encodeURIComponent(to)}`
}

/** Fills `{locationId}`-style placeholders of a configured path, percent-encoding the values (others stay as written). */
export function fillPath(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (m, name: string) => (Object.hasOwn(values, name) ? encodeURIComponent(String(values[name])) : m))
}

/** The export's path and query (docs/api.md#export-tickets) as signed and sent: the environment's template filled in, then both dates. */
export function exportTicketsPath(template: string, locationId: number, from: string, to: string): string {
  return `${fillPath(template, { locationId })}?${exportTicketsQuery(from, to)}`
}

/** A path (with its query) on a host: the host's URL without its trailing slashes, then the path with one leading slash. */
export function joinHostPath(hostUrl: string, path: string): string {
  return `${hostUrl.replace(/\/+$/, '')}${path.startsWith('/') ? path : `/${path}`}`
}

const NAMED: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t', '\\': '\\\\' }

/** Printable ASCII stays; a backslash, control characters and everything outside ASCII become escapes. */
export function escapeInvisible(text: string): string {
  let out = ''
  for (const ch of text) {
    const code = ch.codePointAt(0)!
    if (code >= 0x20 && code <= 0x7e && ch !== '\\') out += ch
    else out += NAMED[ch] ?? `\\u{${code.toString(16)}}`
  }
  return out
}

/**
 * The authentication the spec gives a path, for a request that does not say: the OAuth endpoints take none, the signed
 * export (and the signed ticket lookup of docs/api.md#limits) HMAC, every other partner endpoint the bearer token. An absolute URL
 * gets none: a token or signature is never sent to a host the user did not pick one for.
 */
export function specAuthFor(
  target: 'api' | 'auth',
  path: string,
  paths: Pick<SpecPaths, 'exportTickets'> = SPEC_PATHS,
): 'bearer' | 'hmac' | 'none' {
  if (/^[a-z][a-z0-9+.-]*:/i.test(path)) return 'none'
  const pathname = (path.split(/[?#]/, 1)[0] ?? '').toLowerCase()
  if (pathname.startsWith('/oauth2/')) return 'none'
  const exportPattern = new RegExp(
    `^${paths.exportTickets
      .toLowerCase()
      .split(/\{\w+\}/)
      .map(part => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
      .join('[^/]+')}/?$`,
  )
  if (target === 'api' && (exportPattern.test(pathname) || pathname.startsWith('/pos/v2/lookup/'))) return 'hmac'
  return 'bearer'
}
