import { type ComposerRequest, requestFieldProblem } from '../../../shared/contract'
import { ConsoleError } from '../core/console-error'

/** A composer request with its placeholders filled: what the executor sends (path with query, header record). */
interface ComposedTarget {
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
 * naming a placeholder that has no value, so nothing is sent with a literal `{locationId}` in it, and naming a method or
 * header that is not valid HTTP (contract's requestFieldProblem), so no send, resend or snippet carries one.
 */
export function composeRequest(req: ComposerRequest): ComposedTarget {
  // Plain loops and no per-call closures: this runs on every send (the bench holds it to 1.1× the executor's own).
  let path = req.path.trim()
  if (path.includes('{')) path = fillParams(path, req.params)
  let query = ''
  for (const q of req.query) {
    if (!q.enabled || q.name === '') continue
    query += `${query === '' ? '' : '&'}${encodeQuery(q.name)}=${encodeQuery(q.value)}`
  }
  if (query !== '') {
    const hash = path.indexOf('#')
    if (hash >= 0) path = path.slice(0, hash)
    path += (path.includes('?') ? (path.endsWith('?') || path.endsWith('&') ? '' : '&') : '?') + query
  }
  const headers: Record<string, string> = {}
  const sent: Array<{ name: string; value: string }> = []
  for (const h of req.headers) {
    if (!h.enabled) continue
    const typed = h.name.trim()
    if (typed !== '') sent.push({ name: typed, value: h.value })
  }
  // Checked before any case mapping (a look-alike upper- or lower-cases to ASCII): the rule of the contract's schemas.
  const problem = requestFieldProblem(req.method, sent)
  if (problem) {
    throw new ConsoleError('invalid_request', problem, {
      hint: 'Correct the method or header in the composer; an entry imported from a file is sent only once it is valid HTTP.',
    })
  }
  for (const h of sent) {
    const name = h.name.toLowerCase()
    const previous = headers[name]
    headers[name] = previous === undefined ? h.value : `${previous}, ${h.value}`
  }
  const body = req.body === undefined || (req.body === '' && !methodTakesBody(req.method)) ? undefined : req.body
  return { method: req.method.toUpperCase(), target: req.target, path, headers, body }
}

const PLACEHOLDER = /\{(\w+)\}/g

function fillParams(path: string, params: Record<string, string>): string {
  const missing: string[] = []
  let out = ''
  let last = 0
  PLACEHOLDER.lastIndex = 0
  for (let m = PLACEHOLDER.exec(path); m !== null; m = PLACEHOLDER.exec(path)) {
    const name = m[1] as string
    const value = params[name]
    out += path.slice(last, m.index)
    if (value === undefined || value === '') {
      missing.push(name)
      out += m[0]
    } else out += encodeURIComponent(value)
    last = m.index + m[0].length
  }
  if (missing.length > 0) {
    const many = missing.length > 1
    throw new ConsoleError(
      'invalid_request',
      `The path parameter${many ? 's' : ''} {${missing.join('}, {')}} ha${many ? 've' : 's'} no value.`,
      {
        hint: 'Fill it in the parameters table (it is percent-encoded into the path), or write the value into the path.',
        details: { missing },
      },
    )
  }
  return out + path.slice(last)
}

function encodeQuery(text: string): string {
  const encoded = encodeURIComponent(text)
  return encoded.includes('%5') ? encoded.replace(QUERY_KEEP, keepBracket) : encoded
}

function keepBracket(c: string): string {
  return c.toUpperCase() === '%5B' ? '[' : ']'
}

function methodTakesBody(method: string): boolean {
  return !['GET', 'HEAD', 'DELETE', 'OPTIONS'].includes(method.toUpperCase())
}
