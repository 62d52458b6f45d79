import type { Location, SeedLocation } from './seed-data'

/** A serialised JSON document and its UTF-8 length (as the Content-Length header's text), counted once. */
interface JsonText {
  text: string
  byteLength: string
}

/**
 * The seeded locations. Only eligible locations are ever listed (docs/api.md#locations returns "all locations where
 * the merchant can install"); ineligible ones exist so installing them can be refused clearly.
 * Serialised lists are cached with their UTF-8 length because they are immutable and served on the hottest path:
 * no JSON.stringify and no length count per request. They stay text, not bytes: Node writes a head and a text body
 * in one write, a head and a byte buffer in two.
 */
export class LocationCatalog {
  private readonly byId = new Map<number, SeedLocation>()
  private readonly jsonCache = new Map<string, JsonText>()
  /** The list served last: the same merchant's list again needs no cache key text. */
  private last: { merchantId: string; pageSize: number; page: number; json: JsonText } | null = null

  constructor(seed: SeedLocation[]) {
    for (const s of seed) this.byId.set(s.location.id, s)
  }

  /** A location by id, eligible or not. */
  find(id: number): SeedLocation | undefined {
    return this.byId.get(id)
  }

  /** The merchant's eligible locations, in seed order. */
  eligibleFor(merchantId: string): Location[] {
    const out: Location[] = []
    for (const s of this.byId.values()) if (s.eligible && s.location.merchantId === merchantId) out.push(s.location)
    return out
  }

  /**
   * The docs/api.md#locations response body as JSON text: `{ results, meta: {} }`, or when paging is switched on
   * (`pageSize > 0`) one page with `meta: { page, pageSize, totalResults, totalPages }`.
   */
  listJson(merchantId: string, pageSize: number, page: number): JsonText {
    const last = this.last
    if (last && last.merchantId === merchantId && last.pageSize === pageSize && last.page === page) return last.json
    const json = this.serialised(merchantId, pageSize, page)
    this.last = { merchantId, pageSize, page, json }
    return json
  }

  private serialised(merchantId: string, pageSize: number, page: number): JsonText {
    const cacheKey = `${merchantId}\u0000${pageSize}\u0000${page}`
    const cached = this.jsonCache.get(cacheKey)
    if (cached !== undefined) return cached
    const all = this.eligibleFor(merchantId)
    let body: unknown
    if (pageSize > 0) {
      const totalPages = Math.max(1, Math.ceil(all.length / pageSize))
      body = {
        results: all.slice((page - 1) * pageSize, page * pageSize),
        meta: { page, pageSize, totalResults: all.length, totalPages },
      }
    } else {
      body = { results: all, meta: {} }
    }
    const text = JSON.stringify(body)
    const json = { text, byteLength: String(Buffer.byteLength(text)) }
    if (this.jsonCache.size < 1000) this.jsonCache.set(cacheKey, json)
    return json
  }
}
