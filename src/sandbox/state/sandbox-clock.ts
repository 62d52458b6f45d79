export interface SandboxClock {
  /** Milliseconds since the epoch, operator offset included. */
  now(): number
  advance(ms: number): void
  set(ms: number): void
  offsetMs(): number
}

/** The range the sandbox clock stays in: years every date routine (ISO strings, HTTP dates) can show. */
export const CLOCK_RANGE = { minMs: Date.UTC(1970, 0, 1), maxMs: Date.UTC(9999, 11, 31, 23, 59, 59) } as const

/**
 * Creates the operator-controllable clock: an injectable base clock plus an offset that the
 * operator API moves. Every time-dependent rule of the sandbox reads this clock, so moving it
 * expires tokens, ages signatures and rolls quota windows consistently. `now()` never leaves
 * CLOCK_RANGE (the operator API refuses moves beyond it; this is the backstop), so no date
 * formatting on the answer path can throw.
 */
export function createSandboxClock(base: () => number = Date.now): SandboxClock {
  let offset = 0
  return {
    now: () => Math.min(CLOCK_RANGE.maxMs, Math.max(CLOCK_RANGE.minMs, base() + offset)),
    advance(ms: number) {
      offset += ms
    },
    set(ms: number) {
      offset = ms - base()
    },
    offsetMs: () => offset,
  }
}

/** Formats an HTTP `Date` header value, cached per second because it is sent on every response. */
export function createHttpDateFormatter(clock: SandboxClock): () => string {
  let cachedSecond = Number.NaN
  let cachedValue = ''
  return () => {
    const now = clock.now()
    const second = Math.floor(now / 1000)
    if (second !== cachedSecond) {
      cachedSecond = second
      cachedValue = new Date(second * 1000).toUTCString()
    }
    return cachedValue
  }
}
