import { sendApiError, sendJson } from '../server/http-io'
import { readBodyOr413 } from '../server/request-body'
import type { RequestContext, RouteHandler } from '../server/router'
import { secretsEqual } from './secure-compare'

/** Thrown by operator handlers for a bad request body; becomes a 400 with the message. */
export class AdminInputError extends Error {}

type AdminHandler = (ctx: RequestContext, body: Record<string, unknown>) => unknown | Promise<unknown>

/** The header carrying the operator token. */
export const ADMIN_TOKEN_HEADER = 'x-sandbox-admin-token'

/**
 * Wraps an operator handler: requires the admin token (401 otherwise, compared in constant time),
 * parses an optional JSON object body (400 when malformed) and answers the handler's result as JSON.
 */
export function adminRoute(handler: AdminHandler): RouteHandler {
  return async ctx => {
    const { res, state } = ctx
    const sent = ctx.req.headers[ADMIN_TOKEN_HEADER]
    if (typeof sent !== 'string' || !secretsEqual(state.config.adminToken, sent)) {
      return sendApiError(res, state.clock.now(), 401, `Operator API: missing or wrong ${ADMIN_TOKEN_HEADER} header`)
    }
    const text = await readBodyOr413(ctx)
    if (text === null) return
    let body: Record<string, unknown> = {}
    if (text.trim() !== '') {
      let parsed: unknown
      try {
        parsed = JSON.parse(text)
      } catch {
        return sendApiError(res, state.clock.now(), 400, 'Operator API: body is not valid JSON')
      }
      if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
        return sendApiError(res, state.clock.now(), 400, 'Operator API: body must be a JSON object')
      }
      body = parsed as Record<string, unknown>
    }
    try {
      const result = await handler(ctx, body)
      res.setHeader('Cache-Control', 'no-store')
      sendJson(res, 200, result)
    } catch (err) {
      if (err instanceof AdminInputError) return sendApiError(res, state.clock.now(), 400, err.message)
      throw err
    }
  }
}
