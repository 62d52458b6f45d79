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
  /**
   * One sentence per header that was present but ignored (malformed, huge, contradictory). The usual response has none:
   * then it is one shared empty array (frozen), and an array of its own is made at the first note.
   */
  notes: readonly string[]
}

const NO_NOTES: readonly string[] = Object.freeze([])

function addNote(obs: QuotaObservation, text: string): void {
  if (obs.notes === NO_NOTES) obs.notes = [text]
  else (obs.notes as string[]).push(text)
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

/**
 * The value of 1 to 12 ASCII digits when it is at most MAX_COUNT, read in one pass (the usual header, e.g. a limit of
 * exactly MAX_COUNT, is checked and converted at once: no regex, no split); -1 for anything else, which the full
 * reading then judges (and notes).
 */
function plainCount(raw: string): number {
  const n = raw.length
  if (n === 0 || n > 12) return -1
  let value = 0
  for (let i = 0; i < n; i++) {
    const digit = raw.charCodeAt(i) - 48
    if (digit < 0 || digit > 9) return -1
    value = value * 10 + digit
  }
  return value <= MAX_COUNT ? value : -1
}

/**
 * Reads X-RateLimit-Limit / X-RateLimit-Remaining / Retry-After (docs/api.md#errors and #limits) and, when present, the IETF
 * `RateLimit` / `RateLimit-Policy` headers (draft-ietf-httpapi-ratelimit-headers, draft 07 dictionary form and the
 * later list form) and the older `RateLimit-Limit/-Remaining/-Reset` trio. Malformed or absurd values are ignored with
 * a note; this function never throws, whatever the server sends. The X-RateLimit headers win over the IETF ones.
 */
export function readQuotaHeaders(headers: Headers, receivedAtMs: number = Date.now()): QuotaObservation {
  const obs: QuotaObservation = { notes: NO_NOTES }
  readIetf(headers, obs)
  const limit = readCount(headers, 'x-ratelimit-limit', obs)
  if (limit !== undefined) {
    if (limit === 0) addNote(obs, 'X-RateLimit-Limit is 0: ignored (a limit of zero requests cannot be met).')
    else {
      obs.limit = limit
      obs.limitSource = 'server'
    }
  }
  const remaining = readCount(headers, 'x-ratelimit-remaining', obs)
  if (remaining !== undefined) obs.remaining = remaining
  if (obs.limit !== undefined && obs.remaining !== undefined && obs.remaining > obs.limit) {
    addNote(obs, `Remaining ${obs.remaining} is above the limit ${obs.limit}: remaining capped at the limit.`)
    obs.remaining = obs.limit
  }
  const retryAfter = readRetryAfter(headers, receivedAtMs, obs)
  if (retryAfter !== undefined) obs.retryAfterSeconds = retryAfter
  return obs
}

/** Retry-After as delta-seconds or an HTTP-date (RFC 9110 10.2.3), in whole seconds from the response's own Date. */
function readRetryAfter(headers: Headers, receivedAtMs: number, obs: QuotaObservation): number | undefined {
  const raw = readRaw(headers, 'retry-after', obs)
  if (raw === undefined) return undefined
  const text = raw.trim()
  if (/^\d+$/.test(text)) {
    const seconds = text.length > 12 ? Number.POSITIVE_INFINITY : Number(text)
    if (seconds > MAX_RETRY_AFTER_SECONDS) {
      addNote(obs, `Retry-After ${shorten(text)} s is longer than a day: ignored.`)
      return undefined
    }
    return seconds
  }
  const at = Date.parse(text)
  if (!/[a-z]/i.test(text) || !Number.isFinite(at)) {
    addNote(obs, `Retry-After "${shorten(text)}" is neither seconds nor an HTTP date: ignored.`)
    return undefined
  }
  const serverNow = Date.parse(header(headers, 'date') ?? '')
  const base = Number.isFinite(serverNow) ? serverNow : receivedAtMs
  const seconds = Math.max(0, Math.ceil((at - base) / 1000))
  if (seconds > MAX_RETRY_AFTER_SECONDS) {
    addNote(obs, `Retry-After date ${shorten(text)} is more than a day away: ignored.`)
    return undefined
  }
  return seconds
}

function readIetf(headers: Headers, obs: QuotaObservation): void {
  const policyText = readRaw(headers, 'ratelimit-policy', obs)
  const limitText = readRaw(headers, 'ratelimit', obs)
  const policies = policyText === undefined ? null : parseOrNote(policyText, 'RateLimit-Policy', obs)
  const limits = limitText === undefined ? null : parseOrNote(limitText, 'RateLimit', obs)

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
  const oldLimit = readCount(headers, 'ratelimit-limit', obs)
  if (oldLimit !== undefined && obs.limit === undefined) obs.limit = oldLimit
  const oldRemaining = readCount(headers, 'ratelimit-remaining', obs)
  if (oldRemaining !== undefined && obs.remaining === undefined) obs.remaining = oldRemaining
  const oldReset = readCount(headers, 'ratelimit-reset', obs)
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
    addNote(obs, `${label} "${shorten(String(value))}" is not a whole number from 0 to ${MAX_COUNT}: ignored.`)
    return
  }
  obs[field] = value
}

function parseOrNote(text: string, name: string, obs: QuotaObservation): FieldMember[] | null {
  const members = parseFieldMembers(text)
  if (members === null) addNote(obs, `${name} "${shorten(text)}" is not a structured field: ignored.`)
  return members
}

function readCount(headers: Headers, name: string, obs: QuotaObservation): number | undefined {
  const raw = readRaw(headers, name, obs)
  if (raw === undefined) return undefined
  const plain = plainCount(raw)
  if (plain >= 0) return plain
  // Repeated headers arrive joined with ", "; they count only when they agree.
  const parts = [...new Set(raw.split(',').map(p => p.trim()))]
  const text = parts[0] ?? ''
  if (parts.length !== 1 || !/^\d{1,12}$/.test(text) || Number(text) > MAX_COUNT) {
    addNote(obs, `${displayName(name)} "${shorten(raw)}" is not a whole number from 0 to ${MAX_COUNT}: ignored.`)
    return undefined
  }
  return Number(text)
}

function readRaw(headers: Headers, name: string, obs: QuotaObservation): string | undefined {
  const value = header(headers, name)
  if (value === undefined) return undefined
  if (value.length > MAX_HEADER_CHARS) {
    addNote(obs, `${displayName(name)} is ${value.length} characters long: ignored.`)
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
