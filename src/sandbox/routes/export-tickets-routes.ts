import { authenticateSignedRequest } from '../auth/signed-request-auth'
import { daysBetween, ticketsForDay } from '../data/ticket-generator'
import { sendApiError, sendJson } from '../server/http-io'
import { readBodyOr413 } from '../server/request-body'
import type { RequestContext } from '../server/router'

/** Escapes a string for use inside a regular expression. */
function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

/** The routing pattern of the export endpoint under a (normalised) signed path prefix. */
export function exportTicketsPattern(prefix: string): RegExp {
  return new RegExp(`^${escapeRegex(prefix)}/([^/]+)/tickets$`)
}

/** True for a real calendar date written YYYY-MM-DD. */
export function isCalendarDate(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false
  const t = Date.parse(`${text}T00:00:00Z`)
  return !Number.isNaN(t) && new Date(t).toISOString().slice(0, 10) === text
}

/**
 * GET <signedPathPrefix>/<location_id>/tickets (docs/api.md#export-tickets): HMAC-signed per docs/api.md#hmac-signature. Checks the signature
 * (saying which check failed), counts quota for the client named by x-access-key, validates the
 * date filters and returns deterministic tickets `{ results, meta }`.
 */
export async function handleExportTickets(ctx: RequestContext): Promise<void> {
  const { state, res } = ctx
  const body = await readBodyOr413(ctx)
  if (body === null) return
  const result = authenticateSignedRequest(ctx, body)
  if (!result) return
  const now = state.clock.now()

  const rawId = ctx.params[0] ?? ''
  const seed = /^\d{1,12}$/.test(rawId) ? state.catalog.find(Number(rawId)) : undefined
  if (!seed) return sendApiError(res, now, 404, `Unknown location ${rawId}`, [{ field: 'location_id', value: rawId }])
  if (state.config.exportRequiresInstallation && !state.installations.has(result.clientId, seed.location.id)) {
    return sendApiError(res, now, 403, `Client ${result.clientId} has not installed its integration at location ${rawId}`)
  }

  const query = new URLSearchParams(ctx.rawQuery)
  const from = query.get('filter[dateTimeFrom]')
  const to = query.get('filter[dateTimeTo]')
  const problems: Array<{ field: string; value: string | null; reason: string }> = []
  for (const [field, value] of [
    ['filter[dateTimeFrom]', from],
    ['filter[dateTimeTo]', to],
  ] as const) {
    if (value === null) problems.push({ field, value, reason: 'required' })
    else if (!isCalendarDate(value)) problems.push({ field, value, reason: 'must be a date in YYYY-MM-DD form' })
  }
  if (problems.length > 0) {
    const message = problems.map(p => `${p.field} ${p.reason === 'required' ? 'is required' : p.reason}`).join('; ')
    return sendApiError(res, now, 400, message, problems)
  }
  const days = daysBetween(from as string, to as string)
  if (days.length === 0) {
    return sendApiError(res, now, 400, 'filter[dateTimeFrom] must not be after filter[dateTimeTo]', [
      { field: 'filter[dateTimeFrom]', value: from, reason: 'after dateTimeTo' },
    ])
  }
  if (days.length > state.config.exportMaxRangeDays) {
    return sendApiError(res, now, 400, `date range spans ${days.length} days; at most ${state.config.exportMaxRangeDays} are allowed`, [
      { field: 'filter[dateTimeTo]', value: to, reason: 'range too long' },
    ])
  }
  const results = days.flatMap(day => ticketsForDay(seed.location, day))
  sendJson(res, 200, {
    results,
    meta: {
      locationId: seed.location.id,
      timeZone: seed.location.timeZone,
      currency: seed.location.currency,
      dateTimeFrom: from,
      dateTimeTo: to,
      count: results.length,
    },
  })
}
