import { AdminInputError } from '../auth/admin-guard'
import { CLOCK_RANGE } from '../state/sandbox-clock'

/**
 * The bounds of every operator input, in one place: the operator routes check them (a 400 naming the range) and the
 * OpenAPI document states them (openapi-schemas.ts reads this object), so the two cannot drift apart.
 */
export const OPERATOR_BOUNDS = {
  /** The sandbox clock stays in the years every date routine (ISO strings, HTTP dates) can show. */
  clockMinMs: CLOCK_RANGE.minMs,
  clockMaxMs: CLOCK_RANGE.maxMs,
  /** One move of the clock: at most 50 years either way (and the clock must stay in its range). */
  advanceSeconds: { min: -1_577_880_000, max: 1_577_880_000 },
  limit: { min: 0, max: 1_000_000 },
  windowSeconds: { min: 1, max: 31_536_000 },
  latencyMs: { min: 0, max: 120_000 },
  status: { min: 200, max: 599 },
  times: { min: 1, max: 1_000_000 },
  every: { min: 1, max: 1_000_000 },
  pathLength: 512,
  methodLength: 32,
  tokenLength: 512,
  scenarioNameLength: 64,
  maxFaults: 100,
  maxOperatorLimits: 100,
} as const

/** RFC 3339 date-time, as `set` takes it (and the document's pattern says). */
export const DATE_TIME_PATTERN =
  '^\\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])[Tt]([01]\\d|2[0-3]):[0-5]\\d:[0-5]\\d(\\.\\d{1,9})?([Zz]|[+-]([01]\\d|2[0-3]):[0-5]\\d)$'
/** An HTTP method: an RFC 9110 token. */
export const METHOD_PATTERN = "^[!#$%&'*+.^_`|~0-9A-Za-z-]+$"
/** A path pattern: starts with /, printable ASCII without spaces, `?` or `#`. */
export const PATH_PATTERN_PATTERN = '^/[!$&-.0-9:;=@-Z_a-z~/-]*$'

const DATE_TIME = new RegExp(DATE_TIME_PATTERN)
const METHOD = new RegExp(METHOD_PATTERN)
const PATH = new RegExp(PATH_PATTERN_PATTERN)

/** An integer in `range`, or a 400 naming the range. */
export function boundedInteger(value: unknown, name: string, range: { min: number; max: number }): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < range.min || value > range.max) {
    throw new AdminInputError(`${name} must be a whole number from ${range.min} to ${range.max} (got ${short(value)})`)
  }
  return value
}

/** An HTTP method (token, at most 32 characters), upper-cased; undefined when absent. */
export function optionalMethod(value: unknown): string | undefined {
  if (value === undefined) return undefined
  if (typeof value !== 'string' || value.length > OPERATOR_BOUNDS.methodLength || !METHOD.test(value)) {
    throw new AdminInputError(`method must be an HTTP method name (letters, at most ${OPERATOR_BOUNDS.methodLength}) (got ${short(value)})`)
  }
  return value.toUpperCase()
}

/** A path pattern (`/…`, at most 512 characters, no spaces, `?` or `#`). */
export function pathPattern(value: unknown, name = 'path'): string {
  if (typeof value !== 'string' || value.length > OPERATOR_BOUNDS.pathLength || !PATH.test(value)) {
    throw new AdminInputError(
      `${name} must be a path starting with / (at most ${OPERATOR_BOUNDS.pathLength} characters, no spaces, ? or #) (got ${short(value)})`,
    )
  }
  return value
}

/** A non-empty string of at most `max` characters; undefined when absent. */
export function optionalText(value: unknown, name: string, max: number): string | undefined {
  if (value === undefined) return undefined
  if (typeof value !== 'string' || value === '' || value.length > max) {
    throw new AdminInputError(`${name} must be a non-empty string of at most ${max} characters`)
  }
  return value
}

const iso = (ms: number) => new Date(ms).toISOString()

/** Where the clock would land, or a 400 naming the range it must stay in (and, for a move, the moves allowed now). */
export function clockTarget(body: Record<string, unknown>, now: number): number {
  const { clockMinMs: min, clockMaxMs: max } = OPERATOR_BOUNDS
  const range = `the sandbox clock must stay between ${iso(min)} and ${iso(max)}`
  if (body.advanceSeconds !== undefined) {
    const s = body.advanceSeconds
    const lo = Math.max(OPERATOR_BOUNDS.advanceSeconds.min, Math.ceil((min - now) / 1000))
    const hi = Math.min(OPERATOR_BOUNDS.advanceSeconds.max, Math.floor((max - now) / 1000))
    if (typeof s !== 'number' || !Number.isFinite(s)) throw new AdminInputError(`advanceSeconds must be a number from ${lo} to ${hi}`)
    if (s < lo || s > hi)
      throw new AdminInputError(`advanceSeconds must be from ${lo} to ${hi} now (at most 50 years; ${range}) (got ${short(s)})`)
    return now + Math.round(s * 1000)
  }
  const ms = typeof body.set === 'string' && DATE_TIME.test(body.set) && realDay(body.set) ? Date.parse(body.set) : Number.NaN
  if (Number.isNaN(ms)) throw new AdminInputError(`set must be an RFC 3339 date-time such as 2026-01-01T00:00:00Z (got ${short(body.set)})`)
  if (ms < min || ms > max) throw new AdminInputError(`set is out of range: ${range} (got ${short(body.set)})`)
  return ms
}

/** True when the date part names a day that exists (Date.parse would roll 2025-02-30 over to March). */
function realDay(text: string): boolean {
  const [y, m, d] = text.slice(0, 10).split('-').map(Number) as [number, number, number]
  const date = new Date(0)
  date.setUTCFullYear(y, m - 1, d)
  return date.getUTCDate() === d
}

function short(value: unknown): string {
  const text = typeof value === 'string' ? JSON.stringify(value) : String(JSON.stringify(value) ?? value)
  return text.length > 60 ? `${text.slice(0, 57)}...` : text
}
