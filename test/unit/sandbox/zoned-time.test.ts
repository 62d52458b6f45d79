import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { SEED_LOCATIONS } from '../../../src/sandbox/data/seed-data'
import { formatZoned, zonedToUtc } from '../../../src/sandbox/data/zoned-time'

// Zones with DST both ways, half- and quarter-hour offsets, a 30-minute DST shift (Lord Howe) and a non-quarter-hour
// offset in the past (Monrovia's -0:44:30 until 1972).
const ZONES = [
  'Europe/Brussels',
  'America/New_York',
  'Asia/Tokyo',
  'America/Sao_Paulo',
  'Australia/Sydney',
  'Australia/Lord_Howe',
  'Asia/Kathmandu',
  'Pacific/Chatham',
  'America/St_Johns',
  'Africa/Monrovia',
  'UTC',
  // The zones the sandbox knows by rule, without ICU (src/sandbox/data/zone-rules.ts).
  'Europe/Paris',
  'Europe/London',
  'Europe/Amsterdam',
  'Europe/Berlin',
  'America/Toronto',
  'America/Chicago',
  'America/Los_Angeles',
]

/** The same as icuOffset, with one formatter per zone: for sweeps of many thousands of instants. */
const sweepFormatters = new Map<string, Intl.DateTimeFormat>()
function icuOffsetCached(timeZone: string, utcMs: number): number {
  let f = sweepFormatters.get(timeZone)
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
    sweepFormatters.set(timeZone, f)
  }
  const p: Record<string, number> = {}
  for (const x of f.formatToParts(new Date(utcMs))) p[x.type] = Number(x.value)
  const asUtc = Date.UTC(p.year ?? 0, (p.month ?? 0) - 1, p.day, p.hour, p.minute, p.second)
  return Math.round((asUtc - Math.floor(utcMs / 1000) * 1000) / 60_000)
}

function offsetText(formatted: string): string {
  return formatted.slice(19)
}

function icuOffsetText(offset: number): string {
  const abs = Math.abs(offset)
  return `${offset < 0 ? '-' : '+'}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`
}

/** What ICU itself says the offset is at exactly this instant (minutes east), asked afresh each time. */
function icuOffset(timeZone: string, utcMs: number): number {
  const f = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  })
  const p: Record<string, number> = {}
  for (const x of f.formatToParts(new Date(utcMs))) p[x.type] = Number(x.value)
  const asUtc = Date.UTC(p.year ?? 0, (p.month ?? 0) - 1, p.day, p.hour, p.minute, p.second)
  return Math.round((asUtc - Math.floor(utcMs / 1000) * 1000) / 60_000)
}

function expected(timeZone: string, utcMs: number): string {
  const offset = icuOffset(timeZone, utcMs)
  const sign = offset < 0 ? '-' : '+'
  const abs = Math.abs(offset)
  const local = new Date(utcMs + offset * 60_000).toISOString().slice(0, 19)
  return `${local}${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`
}

describe('zoned time (the sandbox tickets’ local times)', () => {
  it('formats every instant with the offset ICU gives at that very instant, in any zone, transitions included', () => {
    fc.assert(
      fc.property(fc.constantFrom(...ZONES), fc.integer({ min: Date.UTC(1960, 0, 1), max: Date.UTC(2060, 0, 1) }), (zone, ms) => {
        expect(formatZoned(zone, ms)).toBe(expected(zone, ms))
      }),
      { numRuns: 600 },
    )
  })

  it('is exact second by second around DST transitions (the instants the offset changes)', () => {
    // Brussels 2024-03-31 01:00 UTC, New York 2024-11-03 06:00 UTC, Lord Howe 2024-04-06 15:00 UTC (30-minute shift).
    for (const [zone, at] of [
      ['Europe/Brussels', Date.UTC(2024, 2, 31, 1)],
      ['America/New_York', Date.UTC(2024, 10, 3, 6)],
      ['Australia/Lord_Howe', Date.UTC(2024, 3, 6, 15)],
      ['Africa/Monrovia', Date.UTC(1972, 0, 7, 0, 44, 30)],
    ] as const) {
      for (let ms = at - 20 * 60_000; ms <= at + 20 * 60_000; ms += 7_000) expect(formatZoned(zone, ms)).toBe(expected(zone, ms))
    }
  })

  it('turns a local wall-clock time back into the instant that shows it', () => {
    fc.assert(
      fc.property(fc.constantFrom(...ZONES), fc.integer({ min: Date.UTC(2000, 0, 1), max: Date.UTC(2040, 0, 1) }), (zone, ms) => {
        const wall = Math.floor(ms / 60_000) * 60_000
        const utc = zonedToUtc(zone, wall)
        // Outside a DST gap, the instant found shows exactly that wall time.
        const shown = Date.parse(`${formatZoned(zone, utc).slice(0, 19)}Z`)
        const inGap = icuOffset(zone, wall - 86_400_000) !== icuOffset(zone, wall + 86_400_000)
        if (!inGap) expect(shown).toBe(wall)
      }),
      { numRuns: 400 },
    )
  })

  it('agrees with ICU every day from 1990 to 2045 in every zone it knows by rule, and to the 10 s around each change', () => {
    const ruled = [
      ...ZONES.slice(ZONES.indexOf('UTC')),
      'Europe/Brussels',
      'America/New_York',
      'Asia/Tokyo',
      'America/Sao_Paulo',
      'Australia/Sydney',
      'Australia/Melbourne',
    ]
    const agree = (zone: string, ms: number) =>
      expect(offsetText(formatZoned(zone, ms)), `${zone} at ${new Date(ms).toISOString()}`).toBe(icuOffsetText(icuOffsetCached(zone, ms)))
    const DAY = 86_400_000
    for (const zone of ruled) {
      let last = icuOffsetCached(zone, Date.UTC(1990, 0, 1))
      for (let ms = Date.UTC(1990, 0, 1) + 37_000; ms < Date.UTC(2045, 0, 1); ms += DAY) {
        const now = icuOffsetCached(zone, ms)
        agree(zone, ms)
        if (now === last) continue
        last = now
        // The offset changed during the last day: find the 10 minutes it changed in, and check each 10 s around it.
        let at = ms - DAY
        while (icuOffsetCached(zone, at + 600_000) !== now) at += 600_000
        for (let s = at - 600_000; s <= at + 1_200_000; s += 10_000) agree(zone, s)
      }
    }
  })

  it("gives every sandbox location's local times without asking ICU (no first-call ICU start-up on an export)", () => {
    const zones = [...new Set(SEED_LOCATIONS.map(l => l.location.timeZone))]
    const instants = fc.sample(fc.integer({ min: Date.UTC(2020, 0, 1), max: Date.UTC(2037, 0, 1) }), { numRuns: 500, seed: 23 })
    const wanted = zones.flatMap(zone => instants.map(ms => expected(zone, ms)))
    const icu = Intl.DateTimeFormat
    const formatToParts = icu.prototype.formatToParts
    let got: string[]
    try {
      // Any use of ICU's date formatting now throws: a new formatter, or one made by an earlier test.
      Intl.DateTimeFormat = function refused() {
        throw new Error('ICU was asked')
      } as unknown as typeof Intl.DateTimeFormat
      icu.prototype.formatToParts = () => {
        throw new Error('ICU was asked')
      }
      got = zones.flatMap(zone => instants.map(ms => formatZoned(zone, ms)))
    } finally {
      Intl.DateTimeFormat = icu
      icu.prototype.formatToParts = formatToParts
    }
    expect(got).toEqual(wanted)
  })
})
