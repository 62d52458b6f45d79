import { type ReactNode, useMemo } from 'react'
import type { PartnerLocation } from '../../../../shared/contract'
import type { InstallRecord } from '../../domain/install-records'
import { filterLocations, sortLocations } from './location-model'
import { LocationTable } from './location-table'
import type { InstallOutcome } from './locations-store'
import { useLocationsStore } from './locations-store'

interface LocationBrowserProps {
  locations: PartnerLocation[]
  records: Record<string, InstallRecord>
  outcomes: Record<number, InstallOutcome | undefined>
  selectedId: number | null
  onSelect: (location: PartnerLocation) => void
  onInstall: (location: PartnerLocation) => void
  installDisabled: boolean
  /** Buttons shown right of the search box (refresh, forget records). */
  actions?: ReactNode
  /** A line between the toolbar and the table (the last listing's status). */
  status?: ReactNode
}

/**
 * Search box, match count and the sortable table, over the locations store's search and sort (so both survive a
 * visit to another panel). Says so when nothing matches instead of showing an empty table.
 */
export function LocationBrowser({
  locations,
  records,
  outcomes,
  selectedId,
  onSelect,
  onInstall,
  installDisabled,
  actions,
  status,
}: LocationBrowserProps) {
  const search = useLocationsStore(s => s.search)
  const sort = useLocationsStore(s => s.sort)
  const setSearch = useLocationsStore(s => s.setSearch)
  const setSort = useLocationsStore(s => s.setSort)
  const installed = useMemo(() => new Set(Object.keys(records).map(Number)), [records])
  const rows = useMemo(() => sortLocations(filterLocations(locations, search), sort, installed), [locations, search, sort, installed])
  return (
    <div className="loc-browser">
      <div className="loc-toolbar">
        <label className="loc-search">
          <span className="visually-hidden">Search locations</span>
          <input
            id="locations-search"
            type="search"
            placeholder="Search name, id, merchant, zone, currency, address…"
            value={search}
            onChange={e => setSearch(e.target.value)}
          />
        </label>
        <span className="loc-muted" data-testid="locations-count">
          {rows.length} of {locations.length}
        </span>
        {actions}
      </div>
      {status}
      {locations.length > 0 && rows.length === 0 ? <p className="empty">No location matches “{search}”.</p> : null}
      {rows.length > 0 ? (
        <LocationTable
          locations={rows}
          sort={sort}
          onSort={setSort}
          selectedId={selectedId}
          onSelect={onSelect}
          records={records}
          outcomes={outcomes}
          onInstall={onInstall}
          installDisabled={installDisabled}
        />
      ) : null}
    </div>
  )
}
