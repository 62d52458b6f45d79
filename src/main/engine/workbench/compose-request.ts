import type { ComposerRequest } from '../../../shared/contract'
import { ConsoleError } from '../core/console-error'

/** A composer request with its placeholders filled: what the executor sends (path with query, header record). */
export interface ComposedTarget {
  method: string
  target: 'api' | 'auth'
  /** Path with query (or an absolute URL). */
  path: string
  headers: Record<string, string>
  body?: string
}

/** Characters left as they are in a query (the spec's `filter[dateTimeFrom]` keeps its brackets, as typed endpoints send it). */
const QUERY_KEEP = /%5B|%5D/gi

/**
 * Turns the composer's tables into one request: `{name}` placeholders of the path filled (percent-encoded) from
 * `params`, enabled query rows appended to any query already in the path, enabled header rows joined by name (a
 * repeated header is sent once, its values joined with ", " as HTTP allows). Throws ConsoleError('invalid_request')
 * naming a placeholder that has no value, so nothing is sent with a literal `{locationId}` in it.
 */
export function composeRequest(req: ComposerRequest): ComposedTarget {
  const missing: string[] = []
  let path = req.path.trim().replace(/\{(\w+)\}/g, (m, name: string) => {
    const value = req.params[name]
    if (value === undefined || value === '') {
      missing.push(name)
      return m
    }
    return encodeURIComponent(value)
  })
  if (missing.length > 0) {
    throw new ConsoleError(
      'invalid_request',
      `The path parameter${missing.length > 1 ? 's' : ''} {${missing.join('}, {')}} ha${missing.length > 1 ? 've' : 's'} no value.`,
      {
        hint: 'Fill it in the parameters table (it is percent-encoded into the path), or write the value into the path.',
        details: { missing },
      },
    )
  }
  const query = req.query
    .filter(q => q.enabled && q.name !== '')
    .map(q => `${encodeQuery(q.name)}=${encodeQuery(q.value)}`)
    .join('&')
  if (query !== '') {
    const hash = path.indexOf('#')
    if (hash >= 0) path = path.slice(0, hash)
    path += (path.includes('?') ? (path.endsWith('?') || path.endsWith('&') ? '' : '&') : '?') + query
  }
  const headers: Record<string, string> = {}
  for (const h of req.headers) {
    const name = h.name.trim().toLowerCase()
    if (!h.enabled || name === '') continue
    if (!/^[!#$%&'*+.^_`|~0-9a-z-]+$/.test(name)) {
      throw new ConsoleError('invalid_request', `"${h.name}" is not a valid header name.`, {
        hint: "Header names are letters, digits and !#$%&'*+-.^_`|~ only, without spaces or colons.",
      })
    }
    headers[name] = name in headers ? `${headers[name]}, ${h.value}` : h.value
  }
  const body = req.body === undefined || (req.body === '' && !methodTakesBody(req.method)) ? undefined : req.body
  return { method: req.method.toUpperCase(), target: req.target, path, headers, body }
}

/** The placeholders of a path template, in order, each once. */
export function pathParams(path: string): string[] {
  return [...new Set([...path.matchAll(/\{(\w+)\}/g)].map(m => m[1] as string))]
}

function encodeQuery(text: string): string {
  return encodeURIComponent(text).replace(QUERY_KEEP, c => (c.toUpperCase() === '%5B' ? '[' : ']'))
}

function methodTakesBody(method: string): boolean {
  return !['GET', 'HEAD', 'DELETE', 'OPTIONS'].includes(method.toUpperCase())
}
