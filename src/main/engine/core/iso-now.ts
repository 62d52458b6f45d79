let second = Number.NaN
let prefix = ''

/**
 * `new Date().toISOString()` for the current moment, cheaper: the text up to the seconds is formatted once per second
 * and the milliseconds appended (every exchange stamps its start, so this runs on every request).
 */
export function isoNow(now: number = Date.now()): string {
  const s = Math.floor(now / 1000)
  if (s !== second) {
    second = s
    // "2026-11-23T04:26:48." (always 20 characters for years 0000-9999).
    prefix = new Date(s * 1000).toISOString().slice(0, 20)
  }
  const ms = now - s * 1000
  return `${prefix}${ms < 10 ? '00' : ms < 100 ? '0' : ''}${ms}Z`
}
