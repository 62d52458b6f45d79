import { type FieldMember, parseFieldMembers } from './structured-fields'

/** What one response said about its quota; every field is optional because servers send any subset. */
interface QuotaObservation {
  limit?: number
  limitSource?: 'server' | 'ietf'
  remaining?: number
  /** Seconds to wait (Retry-After as delta-seconds, or an HTTP-date turned into seconds). */
  retryAfterSeconds?: number
  /** IETF `t` / `reset`: seconds until the quota resets. */
  resetSeconds?: number
  /** IETF policy window `w`, in seconds. */
  windowSeconds?: number
  /** One sentence per header that was present but ignored (malformed, huge, contradictory). */
  notes: string[]
}

/** Longest header value read; longer ones are ignored with a note (a server bug or an attack, never useful). */
const MAX_HEADER_CHARS = 1024
/** Largest count believed (a quota of more than a billion requests per window is a malformed header). */
export const MAX_COUNT = 1_000_000_000
/** Longest Retry-After believed: a day. The spec's window is an hour. */
const MAX_RETRY_AFTER_SECONDS = 86_400

/** Lower-case names: a plain record, or a Map the caller already built (no copy made to read a few names). */
type Headers = Record<string, string | undefined> | ReadonlyMap<string, string>

function header(headers: Headers, name: string): string | undefined {
  return headers instanceof Map ? headers.get(name) : (headers as Record<string, string | undefined>)[name]
}

/** Up to 9 digits: always within MAX_COUNT, so the common case needs no further checks. */
const SIMPLE_COUNT = /^\d{1,9}$/

/**
 * Reads X-RateLimit-Limit / X-RateLimit-Remaining / Retry-After (docs/api.md#errors and #limits) and, when present, the IETF
 * `RateLimit` / `RateLimit-Policy` headers (draft-ietf-httpapi-ratelimit-headers, draft 07 dictionary form and the
 * later list form) and the older `RateLimit-Limit/-Remaining/-Reset` trio. Malformed or absurd values are ignored with
 * a note; this function never throws, whatever the server sends. The X-RateLimit headers win over the IETF ones.
 */
export function readQuotaHeaders(headers: Headers, receivedAtMs: number = Date.now()): QuotaObservation {
  const obs: QuotaObservation = { notes: [] }
  readIetf(headers, obs)
  const limit = readCount(headers, 'x-ratelimit-limit', obs.notes)
  if (limit !== undefined) {
    if (limit === 0) obs.notes.push('X-RateLimit-Limit is 0: ignored (a limit of zero requests cannot be met).')
    else {
      obs.limit = limit
      obs.limitSource = 'server'
    }
  }
  const remaining = readCount(headers, 'x-ratelimit-remaining', obs.notes)
  if (remaining !== undefined) obs.remaining = remaining
  if (obs.limit !== undefined && obs.remaining !== undefined && obs.remaining > obs.limit) {
    obs.notes.push(`Remaining ${obs.remaining} is above the limit ${obs.limit}: remaining capped at the limit.`)
    obs.remaining = obs.limit
  }
  const retryAfter = readRetryAfter(headers, receivedAtMs, obs.notes)
  if (retryAfter !== undefined) obs.retryAfterSeconds = retryAfter
  return obs
}

/** Retry-After as delta-seconds or an HTTP-date (RFC 9110 10.2.3), in whole seconds from the response's own Date. */
function readRetryAfter(headers: Headers, receivedAtMs: number, notes: string[]): number | undefined {
  const raw = readRaw(headers, 'retry-after', notes)
  if (raw === undefined) return undefined
  const text = raw.trim()
  if (/^\d+$/.test(text)) {
    const seconds = text.length > 12 ? Number.POSITIVE_INFINITY : Number(text)
    if (seconds > MAX_RETRY_AFTER_SECONDS) {
      notes.push(`Retry-After ${shorten(text)} s is longer than a day: ignored.`)
      return undefined
    }
    return seconds
  }
  const at = Date.parse(text)
  if (!/[a-z]/i.test(text) || !Number.isFinite(at)) {
    notes.push(`Retry-After "${shorten(text)}" is neither seconds nor an HTTP date: ignored.`)
    return undefined
  }
  const serverNow = Date.parse(header(headers, 'date') ?? '')
  const base = Number.isFinite(serverNow) ? serverNow : receivedAtMs
  const seconds = Math.max(0, Math.ceil((at - base) / 1000))
  if (seconds > MAX_RETRY_AFTER_SECONDS) {
    notes.push(`Retry-After date ${shorten(text)} is more than a day away: ignored.`)
    return undefined
  }
  return seconds
}

function readIetf(headers: Headers, obs: QuotaObservation): void {
  const policyText = readRaw(headers, 'ratelimit-policy', obs.notes)
  const limitText = readRaw(headers, 'ratelimit', obs.notes)
  const policies = policyText === undefined ? null : parseOrNote(policyText, 'RateLimit-Policy', obs.notes)
  const limits = limitText === undefined ? null : parseOrNote(limitText, 'RateLimit', obs.notes)

  let policyName: string | null = null
  if (limits && limits.length > 0) {
    const dict = asDictionary(limits)
    if (dict) {
      setCount(obs, 'limit', dict.limit, 'RateLimit limit')
      setCount(obs, 'remaining', dict.remaining, 'RateLimit remaining')
      setCount(obs, 'resetSeconds', dict.reset, 'RateLimit reset')
    } else {
      const first = limits[0] as FieldMember
      policyName = typeof first.item === 'string' ? first.item : null
      setCount(obs, 'remaining', first.params.r, 'RateLimit r')
      setCount(obs, 'resetSeconds', first.params.t, 'RateLimit t')
    }
  }
  if (policies && policies.length > 0) {
    const chosen = policies.find(p => policyName !== null && p.item === policyName) ?? (policies[0] as FieldMember)
    const quota = typeof chosen.item === 'number' ? chosen.item : chosen.params.q
    setCount(obs, 'limit', quota, 'RateLimit-Policy quota')
    setCount(obs, 'windowSeconds', chosen.params.w, 'RateLimit-Policy w')
  }
  // The draft 06 trio of separate headers.
  const oldLimit = readCount(headers, 'ratelimit-limit', obs.notes)
  if (oldLimit !== undefined && obs.limit === undefined) obs.limit = oldLimit
  const oldRemaining = readCount(headers, 'ratelimit-remaining', obs.notes)
  if (oldRemaining !== undefined && obs.remaining === undefined) obs.remaining = oldRemaining
  const oldReset = readCount(headers, 'ratelimit-reset', obs.notes)
  if (oldReset !== undefined && obs.resetSeconds === undefined) obs.resetSeconds = oldReset
  if (obs.limit !== undefined) {
    if (obs.limit === 0) delete obs.limit
    else obs.limitSource = 'ietf'
  }
}

function asDictionary(members: FieldMember[]): Record<string, unknown> | null {
  if (!members.every(m => m.key !== null)) return null
  return Object.fromEntries(members.map(m => [m.key, m.item]))
}

function setCount(
  obs: QuotaObservation,
  field: 'limit' | 'remaining' | 'resetSeconds' | 'windowSeconds',
  value: unknown,
  label: string,
): void {
  if (value === undefined) return
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > MAX_COUNT) {
    obs.notes.push(`${label} "${shorten(String(value))}" is not a whole number from 0 to ${MAX_COUNT}: ignored.`)
    return
  }
  obs[field] = value
}

function parseOrNote(text: string, name: string, notes: string[]): FieldMember[] | null {
  const members = parseFieldMembers(text)
  if (members === null) notes.push(`${name} "${shorten(text)}" is not a structured field: ignored.`)
  return members
}

function readCount(headers: Headers, name: string, notes: string[]): number | undefined {
  const raw = readRaw(headers, name, notes)
  if (raw === undefined) return undefined
  if (raw.length <= 10 && SIMPLE_COUNT.test(raw)) return Number(raw)
  // Repeated headers arrive joined with ", "; they count only when they agree.
  const parts = [...new Set(raw.split(',').map(p => p.trim()))]
  const text = parts[0] ?? ''
  if (parts.length !== 1 || !/^\d{1,12}$/.test(text) || Number(text) > MAX_COUNT) {
    notes.push(`${displayName(name)} "${shorten(raw)}" is not a whole number from 0 to ${MAX_COUNT}: ignored.`)
    return undefined
  }
  return Number(text)
}

function readRaw(headers: Headers, name: string, notes: string[]): string | undefined {
  const value = header(headers, name)
  if (value === undefined) return undefined
  if (value.length > MAX_HEADER_CHARS) {
    notes.push(`${displayName(name)} is ${value.length} characters long: ignored.`)
    return undefined
  }
  return value
}

function displayName(name: string): string {
  return name.replace(/(^|-)([a-z])/g, (_m, dash: string, c: string) => dash + c.toUpperCase()).replace('Ratelimit', 'RateLimit')
}

function shorten(text: string): string {
  return text.length > 40 ? `${text.slice(0, 40)}…` : text
}
