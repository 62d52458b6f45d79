import { AdminInputError, adminRoute } from '../auth/admin-guard'
import type { SandboxClient } from '../auth/client-registry'
import { validateClient } from '../auth/client-registry'
import { type Router, routingKey } from '../server/router'
import type { SandboxState } from '../state/sandbox-state'
import { clockBody, faultBody, limitBody, OPERATOR_BODY_FIELDS, onlyFields, tokenField } from './operator-bodies'
import { clockTarget, OPERATOR_BOUNDS, optionalMethod, pathPattern } from './operator-input'

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

/** At most this many clients (a replacement of an existing id always goes through). */
const MAX_CLIENTS = 1000

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
      const kind = clockBody(body)
      if (kind === 'reset') state.clock.advance(-state.clock.offsetMs())
      else {
        const now = state.clock.now()
        state.clock.advance(clockTarget(body, now) - now)
      }
      return clockView(state)
    }),
  )

  router.add(
    'POST',
    '/_sandbox/tokens/expire',
    adminRoute((_ctx, body) => ({ expired: state.tokens.expire(tokenField(body, OPERATOR_BODY_FIELDS.expire)) })),
  )

  router.add(
    'POST',
    '/_sandbox/tokens/revoke',
    adminRoute((_ctx, body) => {
      const token = tokenField(body, OPERATOR_BODY_FIELDS.revoke)
      if ((token === undefined) === (body.all === undefined) || (body.all !== undefined && body.all !== true))
        throw new AdminInputError('send { token } or { all: true }, not both')
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
      const method = optionalMethod(q.get('method') ?? 'GET') as string
      if (q.get('path') === null) throw new AdminInputError('query parameter path (starting with /) is required')
      const path = pathPattern(q.get('path'), 'query parameter path')
      return { method, path, limit: state.limits.limitFor(method, routingKey(path)), windowSeconds: state.limits.windowSeconds }
    }),
  )

  router.add(
    'POST',
    '/_sandbox/quotas/limit',
    adminRoute((_ctx, body) => {
      const change = limitBody(body)
      if (change.limit !== undefined && (change.method !== undefined || change.path !== undefined)) {
        const operatorRules = state.limits.describe().overrides.filter(o => o.source === 'operator')
        const replaces = operatorRules.some(o => o.pathPattern === (change.path ?? '/**') && o.method === change.method)
        if (!replaces && operatorRules.length >= OPERATOR_BOUNDS.maxOperatorLimits)
          throw new AdminInputError(`at most ${OPERATOR_BOUNDS.maxOperatorLimits} operator limits; restart the sandbox to drop them`)
      }
      if (change.windowSeconds !== undefined) state.limits.setWindowSeconds(change.windowSeconds)
      if (change.limit !== undefined) state.limits.setLimit(change.limit, change.method, change.path)
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
      const spec = faultBody(body)
      if (state.faults.list().length >= OPERATOR_BOUNDS.maxFaults)
        throw new AdminInputError(`at most ${OPERATOR_BOUNDS.maxFaults} faults at once; DELETE /_sandbox/faults first`)
      state.faults.add(spec)
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
      onlyFields(body, OPERATOR_BODY_FIELDS.client)
      const problem = validateClient(body as unknown as SandboxClient)
      if (problem) throw new AdminInputError(problem)
      if (state.clients.get(body.clientId as string) === undefined && state.clients.list().length >= MAX_CLIENTS)
        throw new AdminInputError(`at most ${MAX_CLIENTS} clients; replace one (same clientId) or restart the sandbox`)
      return clientView(state.clients.register(body as unknown as SandboxClient))
    }),
  )
}
