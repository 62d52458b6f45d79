import { ruleOffset } from './zone-rules'

const formatters = new Map<string, Intl.DateTimeFormat>()

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone)
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    })
    formatters.set(timeZone, f)
  }
  return f
}

// A zone's offset is kept per quarter hour (UTC) once ICU gave the same offset at its first and its last second: an
// export of thousands of tickets then asks ICU a few hundred times instead of thousands (formatToParts is the costly
// part). A quarter hour holding a transition (they fall on quarter hours today, not in every zone's past) is not
// cached: each instant in it is asked exactly.
const QUARTER_HOUR_MS = 900_000
const MAX_CACHED_QUARTERS = 50_000
const offsets = new Map<string, Map<number, number>>()

/** The UTC offset of a time zone at an instant, in minutes (east positive): from its rule when one holds, else ICU. */
function offsetMinutes(timeZone: string, utcMs: number): number {
  const byRule = ruleOffset(timeZone, utcMs)
  if (byRule !== undefined) return byRule
  const quarter = Math.floor(utcMs / QUARTER_HOUR_MS)
  let zone = offsets.get(timeZone)
  if (!zone) {
    zone = new Map()
    offsets.set(timeZone, zone)
  }
  const cached = zone.get(quarter)
  if (cached !== undefined) return cached
  const start = quarter * QUARTER_HOUR_MS
  const first = askIcu(timeZone, start)
  if (first !== askIcu(timeZone, start + QUARTER_HOUR_MS - 1000)) return askIcu(timeZone, utcMs)
  if (zone.size >= MAX_CACHED_QUARTERS) zone.clear()
  zone.set(quarter, first)
  return first
}

function askIcu(timeZone: string, utcMs: number): number {
  const parts: Record<string, number> = {}
  for (const p of formatterFor(timeZone).formatToParts(new Date(utcMs))) {
    if (p.type !== 'literal') parts[p.type] = Number(p.value)
  }
  const asUtc = Date.UTC(parts.year ?? 1970, (parts.month ?? 1) - 1, parts.day ?? 1, parts.hour ?? 0, parts.minute ?? 0, parts.second ?? 0)
  return Math.round((asUtc - Math.floor(utcMs / 1000) * 1000) / 60_000)
}

/** Converts a wall-clock time in a zone (given as if it were UTC ms) to the real UTC instant. */
export function zonedToUtc(timeZone: string, wallMs: number): number {
  const first = wallMs - offsetMinutes(timeZone, wallMs) * 60_000
  return wallMs - offsetMinutes(timeZone, first) * 60_000
}

/** Formats an instant as local ISO 8601 with the zone's offset, e.g. 2024-05-01T12:30:00+02:00. */
export function formatZoned(timeZone: string, utcMs: number): string {
  const offset = offsetMinutes(timeZone, utcMs)
  const local = new Date(utcMs + offset * 60_000).toISOString().slice(0, 19)
  const sign = offset < 0 ? '-' : '+'
  const abs = Math.abs(offset)
  return `${local}${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`
}
