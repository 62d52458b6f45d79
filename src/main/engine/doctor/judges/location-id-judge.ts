import { type ExchangeFacts, parseJsonObject } from '../exchange-facts'
import { BoundedMap, type Judge, type Tallies } from '../judge'
import { quoteValue } from '../quote-value'

/**
 * 4.4, 4.5: the install's `locationId` is a JSON integer, one a locations listing returned. Remembers the ids of
 * every listing seen (bounded). An id absent from the listings fails; when no listing was captured at all, it can
 * only be a warning (the listing may predate the capture).
 */
export class LocationIdJudge implements Judge {
  private readonly listed = new BoundedMap<number, true>(10_000)
  private listingSeen = false

  observe(f: ExchangeFacts, t: Tallies): void {
    if ((f.endpoint === 'locations' || f.endpoint === 'api-locations') && f.status === 200) this.remember(f)
    if (f.endpoint !== 'installations' || f.method !== 'POST' || f.x.request.body.truncated) return
    const tally = t['requests.location-id']
    const body = parseJsonObject(f.bodyText)
    const value = body?.locationId
    if (typeof value !== 'number' || !Number.isInteger(value)) {
      tally.fail(
        f.logId,
        `The install body's locationId is ${describe(value)}, not a JSON integer. Send the \`id\` of a location from the listing as a number: {"locationId": 101001}.`,
      )
    } else if (this.listed.has(value)) tally.pass(f.logId)
    else if (this.listingSeen) {
      tally.fail(
        f.logId,
        `locationId ${value} is not among the locations the listing returned. Install only at an id taken from GET /marketplace/v2/platform-token/locations (4.4).`,
      )
    } else {
      tally.warn(
        f.logId,
        `locationId ${value} was sent with no locations listing in the capture. Take the id from GET /marketplace/v2/platform-token/locations (4.4).`,
      )
    }
  }

  private remember(f: ExchangeFacts): void {
    const results = f.responseJson()?.results
    if (!Array.isArray(results)) return
    this.listingSeen = true
    for (const r of results) {
      const id = (r as { id?: unknown } | null)?.id
      if (typeof id === 'number' && Number.isInteger(id)) this.listed.set(id, true)
    }
  }
}

function describe(value: unknown): string {
  if (value === undefined) return 'missing'
  if (typeof value === 'string') return `a string (${quoteValue(value)})`
  if (typeof value === 'number') return `a non-integer number (${value})`
  return `of type ${value === null ? 'null' : typeof value}`
}
