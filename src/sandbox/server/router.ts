import type { IncomingMessage } from 'node:http'
import type { SandboxState } from '../state/sandbox-state'
import type { SandboxResponse } from './sandbox-response'

/** Everything a route handler needs about one request. */
export interface RequestContext {
  req: IncomingMessage
  res: SandboxResponse
  /** Upper-case method. */
  method: string
  /** The path exactly as received, without the query string (what HMAC covers, before lower-casing). */
  rawPath: string
  /** Routing key: lower-case, trailing slashes removed ('/' stays '/'). */
  path: string
  /** Raw query string without the '?' ('' when absent). */
  rawQuery: string
  /** Captured pattern groups, in order. */
  params: readonly string[]
  state: SandboxState
}

export type RouteHandler = (ctx: RequestContext) => void | Promise<void>

type RouteMatch =
  | { kind: 'found'; handler: RouteHandler; params: readonly string[] }
  | { kind: 'method_not_allowed'; allow: string[] }
  | { kind: 'not_found' }

/**
 * The routing key of a path: lower-case (routing is case-insensitive) and without trailing
 * slashes, so `/oauth2/token` and `/oauth2/token/` reach the same handler.
 */
export function routingKey(rawPath: string): string {
  let p = rawPath.toLowerCase()
  let end = p.length
  while (end > 1 && p.charCodeAt(end - 1) === 47) end--
  if (end !== p.length) p = p.slice(0, end)
  return p
}

type FoundMatch = Extract<RouteMatch, { kind: 'found' }>

/** The routes of one path: a ready match per method (no allocation per request), in registration order. */
type MethodTable = Map<string, FoundMatch>

const NO_PARAMS: readonly string[] = Object.freeze([])
const NOT_FOUND: RouteMatch = Object.freeze({ kind: 'not_found' })

/**
 * A minimal router: exact paths in a map of maps (path, then method: two lookups per request, and the match is
 * built once when the route is added) and a short list of regular expressions for paths with parameters, tried
 * only when no exact path matches. Knows the difference between 404 and 405.
 */
export class Router {
  private readonly exact = new Map<string, MethodTable>()
  private readonly patterns: Array<{ regex: RegExp; methods: Map<string, RouteHandler> }> = []
  /**
   * The last exact route found (clients repeat the same call): the same method and routing key again is answered
   * without looking up either map. Only exact routes are kept (their match is built once, frozen); adding a route
   * forgets it.
   */
  private lastMethod = ''
  private lastPath = ''
  private lastFound: FoundMatch | null = null

  /** Registers a handler for an exact routing key (lower-case, no trailing slash). */
  add(method: string, path: string, handler: RouteHandler): this {
    this.lastFound = null
    const key = routingKey(path)
    let methods = this.exact.get(key)
    if (!methods) {
      methods = new Map()
      this.exact.set(key, methods)
    }
    methods.set(method.toUpperCase(), Object.freeze({ kind: 'found', handler, params: NO_PARAMS }))
    return this
  }

  /** Registers a handler for routing keys matching an anchored regular expression. */
  addPattern(method: string, regex: RegExp, handler: RouteHandler): this {
    this.lastFound = null
    let entry = this.patterns.find(p => p.regex.source === regex.source)
    if (!entry) {
      entry = { regex, methods: new Map() }
      this.patterns.push(entry)
    }
    entry.methods.set(method.toUpperCase(), handler)
    return this
  }

  /** Every registered route: exact routing keys and pattern sources with their methods (to check the OpenAPI document). */
  routes(): Array<{ method: string; path?: string; pattern?: RegExp }> {
    const exact = [...this.exact].flatMap(([path, methods]) => [...methods.keys()].map(method => ({ method, path })))
    const patterns = this.patterns.flatMap(p => [...p.methods.keys()].map(method => ({ method, pattern: p.regex })))
    return [...exact, ...patterns]
  }

  /** Finds the handler for a method and routing key. HEAD is not special-cased. */
  match(method: string, path: string): RouteMatch {
    if (this.lastFound !== null && path === this.lastPath && method === this.lastMethod) return this.lastFound
    const methods = this.exact.get(path)
    if (methods) {
      const found = methods.get(method)
      if (!found) return { kind: 'method_not_allowed', allow: [...methods.keys()] }
      this.lastMethod = method
      this.lastPath = path
      this.lastFound = found
      return found
    }
    for (const p of this.patterns) {
      const m = p.regex.exec(path)
      if (!m) continue
      const handler = p.methods.get(method)
      if (handler) return { kind: 'found', handler, params: m.slice(1) }
      return { kind: 'method_not_allowed', allow: [...p.methods.keys()] }
    }
    return NOT_FOUND
  }
}
