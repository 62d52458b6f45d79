import type { Location } from './seed-data'
import { CURRENCIES, MENU, PAYMENT_METHODS, STAFF, TAX_RATES } from './ticket-menu'
import { formatZoned, zonedToUtc } from './zoned-time'

interface TicketLine {
  sku: string
  name: string
  quantity: number
  unitPrice: string
  total: string
}

export interface Ticket {
  id: string
  locationId: number
  businessDate: string
  number: number
  status: 'closed'
  openedAt: string
  closedAt: string
  tableName: string
  covers: number
  staffName: string
  currency: string
  lines: TicketLine[]
  subtotal: string
  taxIncluded: string
  total: string
  payments: Array<{ method: string; amount: string }>
}

/** FNV-1a 32-bit hash, used to seed the per-(location, day) generator. */
function fnv1a(text: string): number {
  let h = 0x811c9dc5
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i)
    h = Math.imul(h, 0x01000193)
  }
  return h >>> 0
}

/** mulberry32: a small, well-known deterministic PRNG. */
function mulberry32(seed: number): () => number {
  let a = seed
  return () => {
    a = (a + 0x6d2b79f5) | 0
    let t = Math.imul(a ^ (a >>> 15), 1 | a)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

function formatMinor(minor: number, exponent: number): string {
  if (exponent === 0) return String(minor)
  const sign = minor < 0 ? '-' : ''
  const abs = Math.abs(minor)
  const div = 10 ** exponent
  return `${sign}${Math.floor(abs / div)}.${String(abs % div).padStart(exponent, '0')}`
}

/**
 * The closed tickets of one location for one business day (YYYY-MM-DD). Deterministic: the same
 * location and day always give the same tickets, so exports can be compared across runs.
 */
export function ticketsForDay(location: Location, day: string): Ticket[] {
  const rand = mulberry32(fnv1a(`${location.id}:${day}`))
  const pick = <T>(items: readonly T[]): T => items[Math.floor(rand() * items.length)] as T
  const currency = CURRENCIES[location.currency] ?? { perEur: 1, exponent: 2, step: 10 }
  const taxRate = TAX_RATES[location.countryCode] ?? 0.1
  const staff = STAFF[location.language] ?? (STAFF.en as string[])
  const [y, m, d] = day.split('-').map(Number) as [number, number, number]
  const dayStartWall = Date.UTC(y, m - 1, d)
  const count = 4 + Math.floor(rand() * 9)
  const openMinutes: number[] = []
  for (let i = 0; i < count; i++) openMinutes.push(11 * 60 + Math.floor(rand() * (11 * 60)))
  openMinutes.sort((a, b) => a - b)

  return openMinutes.map((openMinute, index) => {
    const lines: TicketLine[] = []
    let totalMinor = 0
    const lineCount = 1 + Math.floor(rand() * 4)
    for (let l = 0; l < lineCount; l++) {
      const item = pick(MENU)
      const quantity = 1 + Math.floor(rand() * 3)
      const rawMinor = item.baseEur * currency.perEur * 10 ** currency.exponent
      const unitMinor = Math.max(currency.step, Math.round(rawMinor / currency.step) * currency.step)
      totalMinor += unitMinor * quantity
      lines.push({
        sku: item.sku,
        name: item.names[location.language] ?? (item.names.en as string),
        quantity,
        unitPrice: formatMinor(unitMinor, currency.exponent),
        total: formatMinor(unitMinor * quantity, currency.exponent),
      })
    }
    const taxMinor = Math.round(totalMinor - totalMinor / (1 + taxRate))
    const openedUtc = zonedToUtc(location.timeZone, dayStartWall + openMinute * 60_000)
    const closedUtc = openedUtc + (15 + Math.floor(rand() * 90)) * 60_000
    const number = index + 1
    return {
      id: `T-${location.id}-${day.replaceAll('-', '')}-${String(number).padStart(4, '0')}`,
      locationId: location.id,
      businessDate: day,
      number,
      status: 'closed' as const,
      openedAt: formatZoned(location.timeZone, openedUtc),
      closedAt: formatZoned(location.timeZone, closedUtc),
      tableName: rand() < 0.15 ? 'Takeaway' : `T${1 + Math.floor(rand() * 24)}`,
      covers: 1 + Math.floor(rand() * 6),
      staffName: pick(staff),
      currency: location.currency,
      lines,
      subtotal: formatMinor(totalMinor - taxMinor, currency.exponent),
      taxIncluded: formatMinor(taxMinor, currency.exponent),
      total: formatMinor(totalMinor, currency.exponent),
      payments: [{ method: pick(PAYMENT_METHODS), amount: formatMinor(totalMinor, currency.exponent) }],
    }
  })
}

/** Every day from `from` to `to` inclusive, as YYYY-MM-DD strings. */
export function daysBetween(from: string, to: string): string[] {
  const out: string[] = []
  const end = Date.parse(`${to}T00:00:00Z`)
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= end; t += 86_400_000) out.push(new Date(t).toISOString().slice(0, 10))
  return out
}
