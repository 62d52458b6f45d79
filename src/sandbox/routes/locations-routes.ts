import { authenticateBearer } from '../auth/bearer-auth'
import { PERMISSION_READ_LOCATIONS } from '../data/seed-data'
import { sendApiError, sendJsonText } from '../server/http-io'
import type { RequestContext } from '../server/router'

/**
 * GET /marketplace/v2/platform-token/locations (docs/api.md#locations) and its docs/api.md#example-locations twin GET /api/v1/locations/:
 * the merchant's eligible locations as `{ results, meta }`. Requires `read:locations`.
 */
export function handleListLocations(ctx: RequestContext): void {
  const token = authenticateBearer(ctx, PERMISSION_READ_LOCATIONS)
  if (!token) return
  const pageSize = ctx.state.config.locationsPageSize
  let page = 1
  // `page` is checked whether or not paging is on, as the OpenAPI document states it (without paging every valid page
  // answers the whole list).
  const raw = ctx.rawQuery === '' ? null : new URLSearchParams(ctx.rawQuery).get('page')
  if (raw !== null) {
    if (!/^[1-9]\d{0,5}$/.test(raw)) {
      sendApiError(ctx.res, ctx.state.clock.now(), 400, 'page must be a whole number from 1 to 999999', [{ field: 'page', value: raw }])
      return
    }
    page = pageSize > 0 ? Number(raw) : 1
  }
  const json = ctx.state.catalog.listJson(token.merchantId, pageSize, page)
  sendJsonText(ctx.res, 200, json.text, json.byteLength)
}
