import { authenticateBearer } from '../auth/bearer-auth'
import { authenticateSignedRequest, header } from '../auth/signed-request-auth'
import { PERMISSION_READ_LOCATIONS } from '../data/seed-data'
import { sendApiError, sendJson } from '../server/http-io'
import { readBodyOr413 } from '../server/request-body'
import type { RequestContext, Router } from '../server/router'

// docs/api.md#limits names three families with their own limits (online-ordering orders V1/V2, POS checks, POST
// /pos/v2/lookup/tickets) but shows neither their paths beyond these nor their auth or bodies. These routes are
// ILLUSTRATIVE: plausible paths and small deterministic answers, so that the console's catalogue can call them and
// their 500/h limits (limit-table.ts) can be seen. They accept a bearer token or an HMAC signature.

/** Authenticates with HMAC when x-signature is present, else with a bearer token; counts quota either way. */
function authenticate(ctx: RequestContext, body: string): { clientId: string } | null {
  if (header(ctx, 'x-signature') === undefined) {
    const token = authenticateBearer(ctx, PERMISSION_READ_LOCATIONS)
    return token ? { clientId: token.clientId } : null
  }
  return authenticateSignedRequest(ctx, body)
}

function parseJsonObject(ctx: RequestContext, body: string): Record<string, unknown> | null {
  if (body.trim() === '') return {}
  try {
    const value = JSON.parse(body)
    if (value && typeof value === 'object' && !Array.isArray(value)) return value as Record<string, unknown>
  } catch {
    // answered below
  }
  sendApiError(ctx.res, ctx.state.clock.now(), 400, 'The body must be a JSON object')
  return null
}

function order(version: string, id: number, locationId: number) {
  return {
    id: `${version}-ord-${id}`,
    locationId,
    status: id % 3 === 0 ? 'COMPLETED' : 'OPEN',
    total: { amount: 1000 + id * 125, currency: 'EUR' },
    items: id % 4,
  }
}

function check(locationId: string, id: number) {
  return {
    id: `chk-${locationId}-${id}`,
    locationId: Number(locationId) || locationId,
    tableId: 1 + (id % 12),
    open: id % 2 === 0,
    total: 1500 + id * 90,
  }
}

/** Registers the illustrative docs/api.md#limits routes (see the comment at the top of this file). */
export function registerLimitFamilyRoutes(router: Router): void {
  for (const version of ['v1', 'v2']) {
    router.add('GET', `/online-ordering/${version}/orders`, async ctx => {
      const body = await readBodyOr413(ctx)
      if (body === null || !authenticate(ctx, body)) return
      sendJson(ctx.res, 200, { results: [1, 2, 3].map(i => order(version, i, 1001)), meta: { illustrative: true } })
    })
    router.add('POST', `/online-ordering/${version}/orders`, async ctx => {
      const body = await readBodyOr413(ctx)
      if (body === null || !authenticate(ctx, body)) return
      const input = parseJsonObject(ctx, body)
      if (!input) return
      sendJson(ctx.res, 201, { ...order(version, 100, Number(input.locationId) || 1001), received: input, meta: { illustrative: true } })
    })
    router.addPattern('GET', new RegExp(`^/online-ordering/${version}/orders/([^/]+)$`), async ctx => {
      const body = await readBodyOr413(ctx)
      if (body === null || !authenticate(ctx, body)) return
      const raw = ctx.params[0] ?? ''
      const n = Number(/(\d+)$/.exec(raw)?.[1] ?? Number.NaN)
      if (!Number.isInteger(n)) return sendApiError(ctx.res, ctx.state.clock.now(), 404, `Unknown order ${raw}`)
      sendJson(ctx.res, 200, order(version, n, 1001))
    })
  }
  router.addPattern('GET', /^\/pos\/v2\/([^/]+)\/checks$/, async ctx => {
    const body = await readBodyOr413(ctx)
    if (body === null || !authenticate(ctx, body)) return
    const locationId = ctx.params[0] ?? ''
    sendJson(ctx.res, 200, { results: [1, 2, 3, 4].map(i => check(locationId, i)), meta: { illustrative: true } })
  })
  router.addPattern('GET', /^\/pos\/v2\/([^/]+)\/checks\/([^/]+)$/, async ctx => {
    const body = await readBodyOr413(ctx)
    if (body === null || !authenticate(ctx, body)) return
    const n = Number(/(\d+)$/.exec(ctx.params[1] ?? '')?.[1] ?? Number.NaN)
    if (!Number.isInteger(n)) return sendApiError(ctx.res, ctx.state.clock.now(), 404, `Unknown check ${ctx.params[1]}`)
    sendJson(ctx.res, 200, check(ctx.params[0] ?? '', n))
  })
  router.add('POST', '/pos/v2/lookup/tickets', async ctx => {
    const body = await readBodyOr413(ctx)
    if (body === null || !authenticate(ctx, body)) return
    const input = parseJsonObject(ctx, body)
    if (!input) return
    const ids = input.ticketIds
    if (!Array.isArray(ids) || ids.length === 0 || ids.length > 100 || ids.some(t => typeof t !== 'string')) {
      return sendApiError(ctx.res, ctx.state.clock.now(), 400, 'ticketIds must be an array of 1 to 100 strings', [{ field: 'ticketIds' }])
    }
    sendJson(ctx.res, 200, {
      results: (ids as string[]).map(id => ({ ticketId: id, found: !id.startsWith('missing'), status: 'CLOSED' })),
      meta: { illustrative: true },
    })
  })
}
