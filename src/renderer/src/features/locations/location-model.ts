import type { PartnerLocation } from '../../../../shared/contract'

/** The columns the table sorts by. `installed` sorts by this console's own install record. */
const SORT_KEYS = [
  'name',
  'id',
  'merchantId',
  'timeZone',
  'countryCode',
  'currency',
  'language',
  'brandRef',
  'address',
  'installed',
] as const
export type SortKey = (typeof SORT_KEYS)[number]

export interface SortState {
  key: SortKey
  direction: 'asc' | 'desc'
}

/** The address as one line, in the order a person reads it. */
export function formatAddress(address: PartnerLocation['address'] | undefined): string {
  if (!address) return ''
  return [address.street, [address.zipCode, address.city].filter(Boolean).join(' '), address.state].filter(Boolean).join(', ')
}

/** Every value of a location a search can match: the docs/api.md#location fields and the address parts. */
function searchable(location: PartnerLocation): string {
  return [
    location.name,
    String(location.id),
    location.merchantId,
    location.timeZone,
    location.countryCode,
    location.currency,
    location.language,
    location.brandRef,
    formatAddress(location.address),
  ]
    .join('\n')
    .toLocaleLowerCase()
}

/**
 * The locations matching a search: every whitespace-separated word must appear in some field (name, id, merchant,
 * time zone, country, currency, language, brand or address), case-insensitively. An empty search keeps everything.
 */
export function filterLocations(locations: readonly PartnerLocation[], query: string): PartnerLocation[] {
  const words = query.toLocaleLowerCase().split(/\s+/).filter(Boolean)
  if (words.length === 0) return [...locations]
  return locations.filter(l => {
    const text = searchable(l)
    return words.every(w => text.includes(w))
  })
}

function sortValue(location: PartnerLocation, key: SortKey, installed: ReadonlySet<number>): string | number {
  switch (key) {
    case 'id':
      return location.id
    case 'address':
      return formatAddress(location.address)
    case 'installed':
      return installed.has(location.id) ? 0 : 1
    default:
      return String(location[key] ?? '')
  }
}

const collator = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true })

/**
 * A sorted copy (never the input): numbers by value, text by a locale-aware, case-insensitive collation; ties keep
 * the server's order, so a sort is stable and predictable. `installed` puts this console's installs first (asc).
 */
export function sortLocations(
  locations: readonly PartnerLocation[],
  sort: SortState,
  installed: ReadonlySet<number> = new Set(),
): PartnerLocation[] {
  const factor = sort.direction === 'asc' ? 1 : -1
  return locations
    .map((location, index) => ({ location, index, value: sortValue(location, sort.key, installed) }))
    .sort((a, b) => {
      const diff =
        typeof a.value === 'number' && typeof b.value === 'number' ? a.value - b.value : collator.compare(String(a.value), String(b.value))
      return diff !== 0 ? diff * factor : a.index - b.index
    })
    .map(x => x.location)
}

/** The next sort after a click on a column header: same column flips the direction, another starts ascending. */
export function nextSort(current: SortState, key: SortKey): SortState {
  if (current.key === key) return { key, direction: current.direction === 'asc' ? 'desc' : 'asc' }
  return { key, direction: 'asc' }
}

/** Local wall time in a time zone ("14:05"), or null when the zone name is unknown to this browser. */
export function localTime(timeZone: string, now: number, withSeconds = false): string | null {
  try {
    return new Intl.DateTimeFormat('en-GB', {
      timeZone,
      hour: '2-digit',
      minute: '2-digit',
      second: withSeconds ? '2-digit' : undefined,
      hour12: false,
    }).format(now)
  } catch {
    return null
  }
}

/** The zone's UTC offset at `now` ("UTC+01:00"), or null for an unknown zone. */
export function utcOffset(timeZone: string, now: number): string | null {
  try {
    const part = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' })
      .formatToParts(now)
      .find(p => p.type === 'timeZoneName')
    if (!part) return null
    return part.value === 'GMT' ? 'UTC+00:00' : part.value.replace('GMT', 'UTC')
  } catch {
    return null
  }
}

/** The calendar date in a time zone (YYYY-MM-DD): what "today" means for that location's business day. */
export function localDate(timeZone: string, now: number): string | null {
  try {
    return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now)
  } catch {
    return null
  }
}
