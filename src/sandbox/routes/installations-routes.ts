import { authenticateBearer } from '../auth/bearer-auth'
import { PERMISSION_WRITE_INSTALLATIONS } from '../data/seed-data'
import { sendApiError, sendNoContent } from '../server/http-io'
import { readBodyOr413 } from '../server/request-body'
import type { RequestContext } from '../server/router'

/**
 * POST /marketplace/v2/platform-token/installations (docs/api.md#install). The bearer token is validated before
 * anything else; then `{ locationId: integer }` must name an eligible location of the token's
 * merchant. Success and a repeated install both answer 204 (idempotent).
 */
export async function handleInstall(ctx: RequestContext): Promise<void> {
  const token = authenticateBearer(ctx, PERMISSION_WRITE_INSTALLATIONS)
  if (!token) return
  const { state, res } = ctx
  const body = await readBodyOr413(ctx)
  if (body === null) return
  const now = state.clock.now()
  const type = (ctx.req.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase()
  if (type !== 'application/json') {
    return sendApiError(res, now, 415, 'Content-Type must be application/json', [{ field: 'Content-Type', value: type }])
  }
  let parsed: unknown
  try {
    parsed = JSON.parse(body)
  } catch {
    return sendApiError(res, now, 400, 'Request body is not valid JSON', [{ reason: 'malformed_json' }])
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
    return sendApiError(res, now, 400, 'Request body must be a JSON object { "locationId": <integer> }')
  }
  const locationId = (parsed as Record<string, unknown>).locationId
  if (!Number.isSafeInteger(locationId)) {
    return sendApiError(res, now, 400, 'locationId is required and must be an integer', [
      { field: 'locationId', value: locationId ?? null },
    ])
  }
  const id = locationId as number
  const seed = state.catalog.find(id)
  if (!seed || seed.location.merchantId !== token.merchantId) {
    return sendApiError(res, now, 422, `Location ${id} does not exist for merchant ${token.merchantId}`, [
      { field: 'locationId', value: id, reason: 'unknown_location' },
    ])
  }
  if (!seed.eligible) {
    return sendApiError(res, now, 422, `Location ${id} is not eligible for installation: ${seed.ineligibleReason}`, [
      { field: 'locationId', value: id, reason: 'location_not_eligible' },
    ])
  }
  state.installations.install(token.clientId, token.merchantId, id)
  sendNoContent(res)
}
