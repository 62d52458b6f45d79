import type { LimitTable } from './limit-table'
import type { SandboxClock } from './sandbox-clock'
import { TimestampRing } from './timestamp-ring'

interface QuotaDecision {
  allowed: boolean
  limit: number
  /** `limit` as header text, made once per key and limit rather than per answer. */
  limitText: string
  remaining: number
  /** Seconds until the oldest counted request leaves the window (only when refused). */
  retryAfterSeconds?: number
}

interface QuotaEntry {
  clientId: string
  method: string
  path: string
  ring: TimestampRing
  limit: number
  limitText: string
  version: number
}

/**
 * Rolling-window rate limiter of docs/api.md#limits, keyed by client, method and path. Each key keeps a
 * ring of the timestamps it counted (at most `limit` of them); the number of keys is capped and
 * the least recently used key is dropped first. Refused requests are not counted.
 */
export class RateLimiter {
  private readonly entries = new Map<string, QuotaEntry>()
  /** The most recently used entry (already last in `entries`): the same key again needs no key text, no reordering. */
  private last: QuotaEntry | undefined

  constructor(
    private readonly clock: SandboxClock,
    private readonly table: LimitTable,
    private readonly maxKeys: number,
  ) {}

  /** Counts one request for the key at `now` (the sandbox clock), or refuses it with the time until a unit frees up. */
  consume(clientId: string, method: string, path: string, now = this.clock.now()): QuotaDecision {
    const last = this.last
    const same = last !== undefined && last.clientId === clientId && last.method === method && last.path === path
    const entry = same && last.version === this.table.version ? last : this.touch(clientId, method, path)
    const windowMs = this.table.windowSeconds * 1000
    entry.ring.evictOlderThan(now, windowMs)
    if (entry.ring.tryPush(now, entry.limit)) {
      return { allowed: true, limit: entry.limit, limitText: entry.limitText, remaining: entry.limit - entry.ring.count }
    }
    const oldest = entry.ring.oldest()
    const waitMs = oldest === undefined ? windowMs : oldest + windowMs - now
    const retryAfterSeconds = Math.max(1, Math.ceil(waitMs / 1000))
    return { allowed: false, limit: entry.limit, limitText: entry.limitText, remaining: 0, retryAfterSeconds }
  }

  /** The key's entry, made the most recently used (created, or its limit re-read after the table changed). */
  private touch(clientId: string, method: string, path: string): QuotaEntry {
    const key = `${clientId}\u0000${method}\u0000${path}`
    let entry = this.entries.get(key)
    if (entry === undefined) {
      const limit = this.table.limitFor(method, path)
      const ring = new TimestampRing(limit)
      entry = { clientId, method, path, limit, limitText: String(limit), version: this.table.version, ring }
      if (this.entries.size >= this.maxKeys) this.dropLeastRecentlyUsed()
    } else {
      this.entries.delete(key)
      if (entry.version !== this.table.version) {
        entry.limit = this.table.limitFor(method, path)
        entry.limitText = String(entry.limit)
        entry.version = this.table.version
      }
    }
    this.entries.set(key, entry)
    this.last = entry
    return entry
  }

  /** Uses up a key's whole window now, as if the client had made all its calls (the quota-exhausted scenario). */
  exhaust(clientId: string, method: string, path: string): void {
    while (this.consume(clientId, method, path).allowed) {
      // each allowed call counts one more
    }
  }

  /** Forgets every count (operator "reset quotas"). */
  reset(): void {
    this.entries.clear()
    this.last = undefined
  }

  /** Current usage per key, for the operator state view. */
  usage() {
    const now = this.clock.now()
    const windowMs = this.table.windowSeconds * 1000
    return [...this.entries.values()].map(e => {
      e.ring.evictOlderThan(now, windowMs)
      const oldest = e.ring.oldest()
      return {
        clientId: e.clientId,
        method: e.method,
        path: e.path,
        limit: e.limit,
        used: e.ring.count,
        remaining: Math.max(0, e.limit - e.ring.count),
        oldestLeavesInSeconds: oldest === undefined ? null : Math.max(0, Math.ceil((oldest + windowMs - now) / 1000)),
      }
    })
  }

  private dropLeastRecentlyUsed(): void {
    const first = this.entries.keys().next()
    if (!first.done) this.entries.delete(first.value)
  }
}
