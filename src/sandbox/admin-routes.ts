import { AdminInputError, adminRoute } from './admin-guard'
import { validateClient } from './client-registry'
import { type FaultSpec, validateFault } from './fault-injector'
import { type Router, routingKey } from './router'
import type { SandboxState } from './sandbox-state'
import type { SandboxClient } from './types'

function clockView(state: SandboxState) {
  return { now: new Date(state.clock.now()).toISOString(), clockOffsetSeconds: state.clock.offsetMs() / 1000 }
}

function tokenViews(state: SandboxState) {
  const now = state.clock.now()
  return state.tokens.list().map(t => ({
    fingerprint: t.fingerprint,
    clientId: t.clientId,
    merchantId: t.merchantId,
    kind: t.kind,
    permissions: t.permissions,
    issuedAt: new Date(t.issuedAt).toISOString(),
    expiresAt: t.expiresAt === undefined ? undefined : new Date(t.expiresAt).toISOString(),
    expired: state.tokens.isExpired(t, now),
    revoked: t.revoked,
  }))
}

function optionalToken(body: Record<string, unknown>): string | undefined {
  if (body.token === undefined) return undefined
  if (typeof body.token !== 'string' || body.token === '') throw new AdminInputError('token must be a non-empty string')
  return body.token
}

function positiveInteger(value: unknown, name: string): number {
  if (!Number.isSafeInteger(value) || (value as number) < 0) throw new AdminInputError(`${name} must be a non-negative integer`)
  return value as number
}

/** Registers the operator API under /_sandbox/ (everything but openapi.json needs the admin token). */
export function registerAdminRoutes(router: Router, state: SandboxState): void {
  router.add(
    'GET',
    '/_sandbox/state',
    adminRoute(() => ({
      ...clockView(state),
      limits: state.limits.describe(),
      quotas: state.limiter.usage(),
      faults: state.faults.list(),
      tokens: tokenViews(state),
      installations: state.installations.list(),
      scenario: state.scenario.active,
    })),
  )

  router.add(
    'POST',
    '/_sandbox/clock',
    adminRoute((_ctx, body) => {
      if (body.reset !== undefined && typeof body.reset !== 'boolean') throw new AdminInputError('reset must be true (or false)')
      if (body.reset === true) {
        state.clock.advance(-state.clock.offsetMs())
      } else if (body.advanceSeconds !== undefined) {
        if (typeof body.advanceSeconds !== 'number' || !Number.isFinite(body.advanceSeconds))
          throw new AdminInputError('advanceSeconds must be a finite number')
        state.clock.advance(body.advanceSeconds * 1000)
      } else if (body.set !== undefined) {
        const ms = typeof body.set === 'string' ? Date.parse(body.set) : Number.NaN
        if (Number.isNaN(ms)) throw new AdminInputError('set must be an ISO 8601 date-time string')
        state.clock.set(ms)
      } else {
        throw new AdminInputError('send { advanceSeconds }, { set: ISO string } or { reset: true }')
      }
      return clockView(state)
    }),
  )

  router.add(
    'POST',
    '/_sandbox/tokens/expire',
    adminRoute((_ctx, body) => ({ expired: state.tokens.expire(optionalToken(body)) })),
  )

  router.add(
    'POST',
    '/_sandbox/tokens/revoke',
    adminRoute((_ctx, body) => {
      const token = optionalToken(body)
      if (token === undefined && body.all !== true) throw new AdminInputError('send { token } or { all: true }')
      return { revoked: state.tokens.revoke(token) }
    }),
  )

  router.add(
    'POST',
    '/_sandbox/quotas/reset',
    adminRoute(() => {
      state.limiter.reset()
      return { ok: true }
    }),
  )

  router.add(
    'GET',
    '/_sandbox/quotas',
    adminRoute(() => ({ limits: state.limits.describe(), quotas: state.limiter.usage() })),
  )

  router.add(
    'GET',
    '/_sandbox/quotas/effective',
    adminRoute(ctx => {
      const q = new URLSearchParams(ctx.rawQuery)
      const method = (q.get('method') ?? 'GET').toUpperCase()
      const path = q.get('path')
      if (!path?.startsWith('/')) throw new AdminInputError('query parameter path (starting with /) is required')
      return { method, path, limit: state.limits.limitFor(method, routingKey(path)), windowSeconds: state.limits.windowSeconds }
    }),
  )

  router.add(
    'POST',
    '/_sandbox/quotas/limit',
    adminRoute((_ctx, body) => {
      if (body.windowSeconds !== undefined) {
        const w = positiveInteger(body.windowSeconds, 'windowSeconds')
        if (w < 1) throw new AdminInputError('windowSeconds must be at least 1')
        state.limits.setWindowSeconds(w)
      }
      if (body.limit !== undefined) {
        const limit = positiveInteger(body.limit, 'limit')
        if (body.method !== undefined && typeof body.method !== 'string') throw new AdminInputError('method must be a string')
        if (body.path !== undefined && (typeof body.path !== 'string' || !body.path.startsWith('/')))
          throw new AdminInputError('path must be a string starting with /')
        state.limits.setLimit(limit, body.method as string | undefined, body.path as string | undefined)
      } else if (body.windowSeconds === undefined) {
        throw new AdminInputError('send { limit, method?, path? } and/or { windowSeconds }')
      }
      return state.limits.describe()
    }),
  )

  router.add(
    'GET',
    '/_sandbox/faults',
    adminRoute(() => state.faults.list()),
  )
  router.add(
    'POST',
    '/_sandbox/faults',
    adminRoute((_ctx, body) => {
      const problem = validateFault(body)
      if (problem) throw new AdminInputError(problem)
      state.faults.add(body as unknown as FaultSpec)
      return state.faults.list()
    }),
  )
  router.add(
    'DELETE',
    '/_sandbox/faults',
    adminRoute(() => {
      state.faults.clear()
      return state.faults.list()
    }),
  )

  router.add(
    'GET',
    '/_sandbox/installations',
    adminRoute(() => state.installations.list()),
  )
  router.add(
    'DELETE',
    '/_sandbox/installations',
    adminRoute(() => {
      state.installations.clear()
      return state.installations.list()
    }),
  )

  const clientView = (c: SandboxClient) => ({
    clientId: c.clientId,
    name: c.name,
    redirectUris: c.redirectUris,
    permissions: c.permissions,
  })
  router.add(
    'GET',
    '/_sandbox/clients',
    adminRoute(() => state.clients.list().map(clientView)),
  )
  router.add(
    'POST',
    '/_sandbox/clients',
    adminRoute((_ctx, body) => {
      const problem = validateClient(body as unknown as SandboxClient)
      if (problem) throw new AdminInputError(problem)
      return clientView(state.clients.register(body as unknown as SandboxClient))
    }),
  )
}
