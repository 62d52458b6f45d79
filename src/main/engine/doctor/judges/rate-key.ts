import { type QuotaKey, quotaKey } from '../../quota/quota-key'
import type { ExchangeFacts } from '../exchange-facts'
import type { DoctorSettings, JudgeScope } from '../judge'

/** Where a rate-limit judge acts: every exchange with a rate key (rateKeyOf is null on the authorize endpoint). */
export const RATE_LIMITED: JudgeScope = { endpoints: ['token', 'locations', 'installations', 'api-locations', 'export', 'other'] }

/**
 * The counting key of section 8 for an exchange: the client (x-access-key, the token request's client_id, else the
 * environment's client, which a bearer token resolves to), the method and the path. Null for exchanges no limit
 * applies to (the browser's authorize pages, the sandbox's operator API).
 */
export function rateKeyOf(f: ExchangeFacts, settings: DoctorSettings): QuotaKey | null {
  if (f.endpoint === 'authorize' || f.endpoint === 'operator') return null
  return f.memo('rate-key', deriveRateKey, settings)
}

/** How many raw paths a doctor remembers the key of: the capture's few hot paths, compared in place. */
const RECENT_PATHS = 8

/**
 * The rate keys of the last few raw paths, one store per doctor: a capture repeats its hot paths (a listing, a token
 * call), and building a key parses the path and concatenates a new id string. A small ring compared by text rather
 * than a Map: a path that never repeats (an id in it) costs a few comparisons, not a hash, an insertion and, once the
 * Map is full, its rebuilding; quotaKey itself hands back the key the capture built for the same exchange.
 */
export class RecentRateKeys {
  private readonly paths: string[] = new Array<string>(RECENT_PATHS).fill('')
  private readonly keys: Array<QuotaKey | null> = new Array<QuotaKey | null>(RECENT_PATHS).fill(null)
  private next = 0

  /** The key of this client, method and raw path, from the ring or built (and then remembered). */
  keyOf(client: string, method: string, path: string): QuotaKey {
    const paths = this.paths
    for (let i = 0; i < RECENT_PATHS; i++) {
      if (paths[i] !== path) continue
      // An empty raw path matches the ring's unused positions, which hold no key.
      const known = this.keys[i]
      if (known != null && known.clientId === client && known.method === method) return known
    }
    const key = quotaKey(client, method, path)
    const at = this.next
    paths[at] = path
    this.keys[at] = key
    this.next = at === RECENT_PATHS - 1 ? 0 : at + 1
    return key
  }
}

/**
 * quotaKey(client, method, raw path) for the doctor's client (x-access-key, the token request's client_id, else the
 * environment's): the key the capture handed over with the exchange when it is that one, else through the doctor's
 * recent keys. The capture's key is that one when it has this client and method and its path is the raw path itself:
 * a raw path that starts with "/" and is already in a key's form (lower case, no query, no trailing "/") is its own
 * key path, so quotaKey would build exactly the capture's key again.
 */
function deriveRateKey(f: ExchangeFacts, settings: DoctorSettings): QuotaKey {
  const client = f.header('x-access-key') ?? f.tokenRequest?.clientId ?? settings.clientId
  const path = f.x.request.path
  const handed = f.x.quotaKey
  if (handed != null && handed.path === path && handed.method === f.method && handed.clientId === client && path.charCodeAt(0) === 47)
    return handed
  return settings.rateKeys.keyOf(client, f.method, path)
}

/** Retry-After as milliseconds (delta-seconds or an HTTP date), or null when absent or unreadable. */
export function retryAfterMs(value: string | undefined, responseDateMs: number): number | null {
  if (value === undefined) return null
  const text = value.trim()
  if (/^\d+$/.test(text)) return Number(text) * 1000
  const at = Date.parse(text)
  return Number.isNaN(at) ? null : Math.max(0, at - responseDateMs)
}
