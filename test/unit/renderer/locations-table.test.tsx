// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { InstallRecord } from '../../../src/renderer/src/domain/install-records'
import { LocationBrowser } from '../../../src/renderer/src/features/locations/location-browser'
import { filterLocations, sortLocations } from '../../../src/renderer/src/features/locations/location-model'
import { useLocationsStore } from '../../../src/renderer/src/features/locations/locations-store'
import { SEED_LOCATIONS } from '../../../src/sandbox/data/seed-data'
import type { PartnerLocation } from '../../../src/shared/contract'

// The sandbox's own seed locations (both merchants), as the table gets them from docs/api.md#locations.
const LOCATIONS: PartnerLocation[] = SEED_LOCATIONS.map(s => ({ ...s.location }))
const initial = useLocationsStore.getState()

beforeEach(() => useLocationsStore.setState(initial, true))
afterEach(cleanup)

function renderTable(records: Record<string, InstallRecord> = {}) {
  return render(
    <LocationBrowser
      locations={LOCATIONS}
      records={records}
      outcomes={{}}
      selectedId={null}
      onSelect={() => {}}
      onInstall={() => {}}
      installDisabled={false}
    />,
  )
}

/** The names in the table's body, in display order. */
function shownNames(): string[] {
  const table = screen.getByRole('table', { name: 'Locations' })
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map(row => within(row).getAllByRole('cell')[0]?.textContent ?? '')
}

function column(header: string): string[] {
  const table = screen.getByRole('table', { name: 'Locations' })
  const headers = within(table)
    .getAllByRole('columnheader')
    .map(h => h.textContent?.replace(/[▲▼]/g, '').trim())
  const index = headers.indexOf(header)
  expect(index).toBeGreaterThanOrEqual(0)
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map(row => within(row).getAllByRole('cell')[index]?.textContent ?? '')
}

describe('the locations table: search', () => {
  it('shows every location, sorted by name, before any search', () => {
    renderTable()
    const names = LOCATIONS.map(l => l.name)
    expect(shownNames()).toEqual([...names].sort((a, b) => a.localeCompare(b, undefined, { sensitivity: 'base' })))
    expect(screen.getByTestId('locations-count').textContent).toBe(`${LOCATIONS.length} of ${LOCATIONS.length}`)
  })

  it('narrows to the rows whose fields contain every word typed, in any field, ignoring case', () => {
    renderTable()
    const search = screen.getByRole('searchbox', { name: 'Search locations' })
    fireEvent.change(search, { target: { value: 'usd' } })
    const dollars = LOCATIONS.filter(l => l.currency === 'USD').map(l => l.name)
    expect(new Set(shownNames())).toEqual(new Set(dollars))
    expect(dollars.length).toBeGreaterThan(1)

    // "eur" is in the currency EUR and in the zone Europe/London alike: any field counts.
    fireEvent.change(search, { target: { value: 'eur' } })
    expect(shownNames()).toContain('Globe Bistro Covent Garden')
    expect(shownNames()).toContain('Café Lumière Marais')
    expect(shownNames()).not.toContain('Globe Bistro SoHo')

    // Two words: both must match, each in any field ("paris" is Lyon's time zone too, "rue" only in Paris streets).
    fireEvent.change(search, { target: { value: 'PARIS  rue' } })
    expect(shownNames()).toEqual(LOCATIONS.filter(l => l.timeZone === 'Europe/Paris' && /rue/i.test(l.address.street)).map(l => l.name))
    expect(shownNames().length).toBeGreaterThan(0)

    // The id, the merchant, the time zone and the brand are searchable too.
    fireEvent.change(search, { target: { value: '101003' } })
    expect(shownNames()).toEqual(['Globe Bistro Shibuya'])
    fireEvent.change(search, { target: { value: 'm-2002' } })
    expect(shownNames().every(n => n.startsWith('Café Lumière'))).toBe(true)
    fireEvent.change(search, { target: { value: 'america/toronto' } })
    expect(shownNames()).toEqual(['Café Lumière Plateau'])
    expect(screen.getByTestId('locations-count').textContent).toBe(`1 of ${LOCATIONS.length}`)
  })

  it('says so when nothing matches, instead of an empty table', () => {
    renderTable()
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search locations' }), { target: { value: 'no such place' } })
    expect(screen.queryByRole('table', { name: 'Locations' })).toBeNull()
    expect(screen.getByText('No location matches “no such place”.')).toBeTruthy()
  })
})

describe('the locations table: sort', () => {
  it('sorts by the clicked column, flips on a second click, and marks the header with aria-sort', () => {
    renderTable()
    const table = screen.getByRole('table', { name: 'Locations' })
    const idHeader = within(table).getByRole('button', { name: 'ID' })
    fireEvent.click(idHeader)
    const ascending = column('ID').map(Number)
    expect(ascending).toEqual([...ascending].sort((a, b) => a - b))
    expect(idHeader.closest('th')?.getAttribute('aria-sort')).toBe('ascending')

    fireEvent.click(idHeader)
    const descending = column('ID').map(Number)
    expect(descending).toEqual([...ascending].reverse())
    expect(idHeader.closest('th')?.getAttribute('aria-sort')).toBe('descending')
    expect(within(table).getByRole('button', { name: 'Name' }).closest('th')?.getAttribute('aria-sort')).toBe('none')
  })

  it('sorts text case-insensitively and keeps the server order for ties', () => {
    renderTable()
    fireEvent.click(within(screen.getByRole('table', { name: 'Locations' })).getByRole('button', { name: 'Currency' }))
    const currencies = column('Currency')
    expect(currencies).toEqual([...currencies].sort())
    // Ties (same currency) keep the order the server listed them in.
    const eurNames = shownNames().filter((_, i) => currencies[i] === 'EUR')
    expect(eurNames).toEqual(LOCATIONS.filter(l => l.currency === 'EUR').map(l => l.name))
  })

  it('puts the locations this console installed to first when sorting by Installed', () => {
    const record = (l: PartnerLocation): InstallRecord => ({
      locationId: l.id,
      locationName: l.name,
      merchantId: l.merchantId,
      installedAt: '2030-01-01T00:00:00Z',
      status: 204,
      logId: 'log-1',
    })
    const soho = LOCATIONS.find(l => l.id === 101002)!
    const plateau = LOCATIONS.find(l => l.id === 202002)!
    renderTable({ [soho.id]: record(soho), [plateau.id]: record(plateau) })
    fireEvent.click(within(screen.getByRole('table', { name: 'Locations' })).getByRole('button', { name: 'Installed' }))
    expect(shownNames().slice(0, 2)).toEqual([soho.name, plateau.name])
    expect(column('Installed').slice(0, 2)).toEqual(['✓ 204', '✓ 204'])
    expect(
      column('Installed')
        .slice(2)
        .every(c => c === '—'),
    ).toBe(true)
  })

  it('search and sort combine, and neither changes the list it was given', () => {
    const before = JSON.stringify(LOCATIONS)
    const result = sortLocations(filterLocations(LOCATIONS, 'globe'), { key: 'timeZone', direction: 'desc' })
    expect(result.every(l => l.name.startsWith('Globe'))).toBe(true)
    expect(result.map(l => l.timeZone)).toEqual(
      result
        .map(l => l.timeZone)
        .sort()
        .reverse(),
    )
    expect(JSON.stringify(LOCATIONS)).toBe(before)
  })
})
