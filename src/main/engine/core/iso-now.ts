/** The last few seconds formatted ("2026-11-23T04:26:48."), in a tiny ring: times repeat within a second or two. */
const SLOTS = 4
const seconds = new Float64Array(SLOTS).fill(Number.NaN)
const prefixes: string[] = new Array<string>(SLOTS).fill('')
let next = 0
/** The last time formatted and its text: a quota state's times are mostly the same millisecond (one response's). */
let lastTime = Number.NaN
let lastText = ''

/**
 * `new Date(ms).toISOString()`, cheaper: the text up to the seconds is formatted once per second (for the last few
 * seconds seen) and the milliseconds appended. The exchanges stamp their start and the quota states their times on
 * every request, and those times fall in the same few seconds. Same text and same RangeError as toISOString.
 */
export function isoAt(time: number): string {
  // Outside the Date range (±8.64e15 ms) or not a number: toISOString's own RangeError.
  if (!(Math.abs(time) <= 8.64e15)) return new Date(time).toISOString()
  const ms = Math.trunc(time) // what a Date keeps of a fractional time
  if (ms === lastTime) return lastText
  const s = Math.floor(ms / 1000)
  let slot = 0
  while (slot < SLOTS && seconds[slot] !== s) slot++
  if (slot === SLOTS) {
    const text = new Date(s * 1000).toISOString()
    slot = next
    next = (next + 1) % SLOTS
    seconds[slot] = s
    prefixes[slot] = text.slice(0, -4) // drop "000Z"; the year may have 4 or 6 digits
  }
  const rest = ms - s * 1000
  lastTime = ms
  lastText = `${prefixes[slot]}${rest < 10 ? '00' : rest < 100 ? '0' : ''}${rest}Z`
  return lastText
}

/** `new Date().toISOString()` for the current moment (see isoAt). */
export function isoNow(now: number = Date.now()): string {
  return isoAt(now)
}
