import { type ExchangeFacts, parseJsonObject } from '../exchange-facts'
import { BoundedMap, type Judge, type JudgeScope, type Tallies } from '../judge'
import { quoteValue } from '../quote-value'

/** A listing body larger than this is parsed at once rather than held until an install needs it. */
const MAX_HELD_LISTING_BYTES = 256 * 1024

/**
 * 4.4, 4.5: the install's `locationId` is a JSON integer, one a locations listing returned. Remembers the ids of
 * every listing seen (bounded). An id absent from the listings fails; when no listing was captured at all, it can
 * only be a warning (the listing may predate the capture).
 *
 * Listings are parsed lazily: only an install needs their ids, and a partner lists far more often than it installs,
 * mostly getting the same answer. The last successful listing's body is held unparsed (a list of locations, never a
 * credential; one body, up to MAX_HELD_LISTING_BYTES) and parsed when an install arrives or when a different listing
 * replaces it. A listing byte-for-byte equal to the held one would set the same ids in the same order again, so it is
 * not parsed at all: the remembered ids, their eviction order and so every verdict stay those of parsing each one.
 */
export class LocationIdJudge implements Judge {
  readonly scope: JudgeScope = { endpoints: ['locations', 'api-locations', 'installations'] }
  private readonly listed = new BoundedMap<number, true>(10_000)
  private listingSeen = false
  private held: Buffer | null = null

  observe(f: ExchangeFacts, t: Tallies): void {
    if ((f.endpoint === 'locations' || f.endpoint === 'api-locations') && f.status === 200) this.listing(f)
    if (f.endpoint !== 'installations' || f.method !== 'POST' || f.x.request.body.truncated) return
    this.parseHeld()
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

  private listing(f: ExchangeFacts): void {
    const body = f.x.response!.body
    if (body.truncated || body.size === 0) return
    if (this.held?.equals(body.bytes)) return
    this.parseHeld()
    // A copy: the capture's buffer is its own business once the observer returns.
    if (body.bytes.length <= MAX_HELD_LISTING_BYTES) this.held = Buffer.from(body.bytes)
    else this.remember(body.bytes)
  }

  private parseHeld(): void {
    if (this.held === null) return
    this.remember(this.held)
    this.held = null
  }

  private remember(bytes: Buffer): void {
    const results = parseJsonObject(bytes.toString('utf8'))?.results
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
