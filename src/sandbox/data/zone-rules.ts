/**
 * The sandbox's own locations' time zones as their current rules, so a ticket's local time needs no ICU: the first
 * Intl.DateTimeFormat of a process loads ICU's zone data (tens of ms of CPU), on the first export's path. Each rule
 * holds only over the years it has been in force (and up to 2037); any other zone or instant is asked of ICU
 * (zoned-time.ts), and test/unit/sandbox/zoned-time.test.ts holds every rule to ICU's answer.
 */
type Dst = 'eu' | 'us' | 'au' | null

interface ZoneRule {
  /** Standard offset, minutes east of UTC. */
  std: number
  /**
   * Daylight saving time of an hour: EU (last Sunday of March to last Sunday of October, 01:00 UTC), US/Canada
   * (second Sunday of March to first Sunday of November) or south-east Australia (first Sunday of October to first
   * Sunday of April).
   */
  dst: Dst
  /** In force from this instant (UTC ms) up to `until`. */
  from: number
  until: number
}

const UNTIL = Date.UTC(2038, 0, 1)
const EU = (std: number): ZoneRule => ({ std, dst: 'eu', from: Date.UTC(1996, 0, 1), until: UNTIL })
const US = (std: number): ZoneRule => ({ std, dst: 'us', from: Date.UTC(2007, 0, 1), until: UNTIL })

const RULES: ReadonlyMap<string, ZoneRule> = new Map([
  ['Europe/Brussels', EU(60)],
  ['Europe/Paris', EU(60)],
  ['Europe/Amsterdam', EU(60)],
  ['Europe/Berlin', EU(60)],
  ['Europe/London', EU(0)],
  ['America/New_York', US(-300)],
  ['America/Toronto', US(-300)],
  ['America/Chicago', US(-360)],
  ['America/Los_Angeles', US(-480)],
  // Japan has kept no daylight saving time since 1951; Brazil none since February 2019.
  ['Asia/Tokyo', { std: 540, dst: null, from: Date.UTC(1952, 0, 1), until: UNTIL }],
  ['America/Sao_Paulo', { std: -180, dst: null, from: Date.UTC(2019, 2, 1), until: UNTIL }],
  ['Australia/Sydney', { std: 600, dst: 'au', from: Date.UTC(2008, 4, 1), until: UNTIL }],
  ['Australia/Melbourne', { std: 600, dst: 'au', from: Date.UTC(2008, 4, 1), until: UNTIL }],
  ['UTC', { std: 0, dst: null, from: -8.64e15, until: 8.64e15 }],
])

const HOUR_MS = 3_600_000
const DAY_MS = 86_400_000

/** Midnight UTC of the last Sunday of a month (0-based). */
function lastSunday(year: number, month: number): number {
  const last = Date.UTC(year, month + 1, 0)
  return last - new Date(last).getUTCDay() * DAY_MS
}

/** Midnight UTC of the nth Sunday (1-based) of a month (0-based). */
function nthSunday(year: number, month: number, n: number): number {
  const first = Date.UTC(year, month, 1)
  return first + (((7 - new Date(first).getUTCDay()) % 7) + 7 * (n - 1)) * DAY_MS
}

function inDst(rule: ZoneRule, utcMs: number): boolean {
  if (rule.dst === null) return false
  const year = new Date(utcMs).getUTCFullYear()
  if (rule.dst === 'eu') return utcMs >= lastSunday(year, 2) + HOUR_MS && utcMs < lastSunday(year, 9) + HOUR_MS
  if (rule.dst === 'au') {
    // Southern summer: until 03:00 daylight time on the first Sunday of April, from 02:00 standard time on the first of October.
    const end = nthSunday(year, 3, 1) + 3 * HOUR_MS - (rule.std + 60) * 60_000
    const start = nthSunday(year, 9, 1) + 2 * HOUR_MS - rule.std * 60_000
    return utcMs < end || utcMs >= start
  }
  // US and Canada: from 02:00 standard time on the second Sunday of March to 02:00 daylight time on the first of November.
  const start = nthSunday(year, 2, 2) + 2 * HOUR_MS - rule.std * 60_000
  const end = nthSunday(year, 10, 1) + 2 * HOUR_MS - (rule.std + 60) * 60_000
  return utcMs >= start && utcMs < end
}

/** The zone's offset at an instant (minutes east) from its rule, or undefined when no rule covers it (ask ICU). */
export function ruleOffset(timeZone: string, utcMs: number): number | undefined {
  const rule = RULES.get(timeZone)
  if (!rule || utcMs < rule.from || utcMs >= rule.until) return undefined
  return rule.std + (inDst(rule, utcMs) ? 60 : 0)
}
