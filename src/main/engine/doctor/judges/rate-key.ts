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

/** How many keys a doctor keeps by raw path (settings.rateKeys): all are dropped at once when it is full. */
const KEYS_CACHED = 4096

/**
 * The key through a cache by raw path (checked against client and method), one cache per doctor: a capture repeats its paths, and
 * building a key parses the path and concatenates a new id string every time (quotaKey remembers only the last).
 */
function deriveRateKey(f: ExchangeFacts, settings: DoctorSettings): QuotaKey {
  const client = f.header('x-access-key') ?? f.tokenRequest?.clientId ?? settings.clientId
  const path = f.x.request.path
  const keysByPath = settings.rateKeys
  const known = keysByPath.get(path)
  if (known !== undefined && known.clientId === client && known.method === f.method) return known
  const key = quotaKey(client, f.method, path)
  if (keysByPath.size >= KEYS_CACHED) keysByPath.clear()
  keysByPath.set(path, key)
  return key
}

/** Retry-After as milliseconds (delta-seconds or an HTTP date), or null when absent or unreadable. */
export function retryAfterMs(value: string | undefined, responseDateMs: number): number | null {
  if (value === undefined) return null
  const text = value.trim()
  if (/^\d+$/.test(text)) return Number(text) * 1000
  const at = Date.parse(text)
  return Number.isNaN(at) ? null : Math.max(0, at - responseDateMs)
}
