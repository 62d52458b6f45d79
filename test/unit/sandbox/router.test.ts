import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { type RouteHandler, Router, routingKey } from '../../../src/sandbox/server/router'

const handlers: Record<string, RouteHandler> = { a: () => {}, b: () => {}, c: () => {}, d: () => {} }

/** The routes as a test states them: [method, path or pattern, handler name]. */
type Route = readonly [string, string | RegExp, string]

const BASE: Route[] = [
  ['GET', '/marketplace/v2/platform-token/locations', 'a'],
  ['POST', '/marketplace/v2/platform-token/locations', 'b'],
  ['GET', '/api/v1/locations', 'c'],
  ['GET', /^\/pos\/v2\/([^/]+)\/checks$/, 'd'],
]
const LATER: Route[] = [
  ['GET', '/api/v1/locations', 'd'],
  ['DELETE', '/api/v1/locations', 'a'],
  ['GET', '/oauth2/token', 'b'],
]

/** A match as the test compares it: the handler by its name (functions compare by identity). */
function named(match: ReturnType<Router['match']>) {
  if (match.kind !== 'found') return match
  const name = Object.keys(handlers).find(k => handlers[k] === match.handler)
  return { kind: match.kind, handler: name, params: match.params }
}

function build(routes: readonly Route[]): Router {
  const router = new Router()
  for (const [method, path, name] of routes) {
    const handler = handlers[name] as RouteHandler
    if (typeof path === 'string') router.add(method, path, handler)
    else router.addPattern(method, path, handler)
  }
  return router
}

describe('the sandbox router', () => {
  it('answers a call the same whatever it answered before, also after routes are added', () => {
    const methods = fc.constantFrom('GET', 'POST', 'DELETE', 'PUT')
    const paths = fc.constantFrom(
      '/marketplace/v2/platform-token/locations',
      '/Marketplace/V2/platform-token/locations/',
      '/api/v1/locations',
      '/oauth2/token',
      '/pos/v2/abc/checks',
      '/nowhere',
    )
    const step = fc.oneof(fc.tuple(methods, paths), fc.constant('add-later' as const))
    fc.assert(
      fc.property(fc.array(step, { maxLength: 40 }), steps => {
        const routes = [...BASE]
        const router = build(routes)
        for (const s of steps) {
          if (s === 'add-later') {
            // Registered again, in the same order: a route added later wins over the same method and path.
            for (const r of LATER) {
              routes.push(r)
              router.add(r[0], r[1] as string, handlers[r[2]] as RouteHandler)
            }
            continue
          }
          const [method, raw] = s
          // A router that has answered nothing before is the reference.
          expect(named(router.match(method, routingKey(raw)))).toEqual(named(build(routes).match(method, routingKey(raw))))
        }
      }),
      // The call answered last, then a route added for that same method and path, then the call again.
      { examples: [[[['GET', '/api/v1/locations'], 'add-later', ['GET', '/api/v1/locations']]]] },
    )
  })
})
