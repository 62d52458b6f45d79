import type { PartnerLocation } from '../../../../shared/contract'
import type { InstallRecord } from '../../domain/install-records'
import { LocalTime } from './local-time'
import { formatAddress, nextSort, type SortKey, type SortState } from './location-model'
import type { InstallOutcome } from './locations-store'

const COLUMNS: Array<{ key: SortKey; label: string; title?: string }> = [
  { key: 'name', label: 'Name' },
  { key: 'installed', label: 'Installed', title: 'Installed from this console (its own record: the API does not say)' },
  { key: 'id', label: 'ID' },
  { key: 'merchantId', label: 'Merchant' },
  { key: 'timeZone', label: 'Time zone', title: 'Time zone and the local time there now' },
  { key: 'countryCode', label: 'Country' },
  { key: 'currency', label: 'Currency' },
  { key: 'language', label: 'Language' },
  { key: 'brandRef', label: 'Brand' },
  { key: 'address', label: 'Address' },
]

interface LocationTableProps {
  locations: PartnerLocation[]
  sort: SortState
  onSort: (sort: SortState) => void
  selectedId: number | null
  onSelect: (location: PartnerLocation) => void
  records: Record<string, InstallRecord>
  outcomes: Record<number, InstallOutcome | undefined>
  onInstall: (location: PartnerLocation) => void
  installDisabled: boolean
}

function InstalledCell({ record, outcome }: { record: InstallRecord | undefined; outcome: InstallOutcome | undefined }) {
  if (outcome?.kind === 'pending') return <span className="loc-muted">installing…</span>
  if (outcome?.kind === 'failed') return <span className="loc-failed">failed{outcome.status ? ` (${outcome.status})` : ''}</span>
  if (record) {
    return (
      <span
        className="badge loc-installed"
        title={`Installed from this console at ${new Date(record.installedAt).toLocaleString()} (${record.status})`}
      >
        ✓ {record.status}
      </span>
    )
  }
  return <span className="loc-muted">—</span>
}

/**
 * The locations table: every docs/api.md#location field, the live local time per time zone, sortable by each column (click the header
 * again to reverse), this console's install record, and a per-row Install action. Rows select into the detail panel.
 */
export function LocationTable({
  locations,
  sort,
  onSort,
  selectedId,
  onSelect,
  records,
  outcomes,
  onInstall,
  installDisabled,
}: LocationTableProps) {
  return (
    <div className="table-box loc-table-box">
      <table className="table table--dense loc-table" aria-label="Locations">
        <thead>
          <tr>
            {COLUMNS.map(c => {
              const active = sort.key === c.key
              return (
                <th key={c.key} aria-sort={active ? (sort.direction === 'asc' ? 'ascending' : 'descending') : 'none'} title={c.title}>
                  <button type="button" className="loc-sort" onClick={() => onSort(nextSort(sort, c.key))}>
                    {c.label}
                    <span className="loc-sort__arrow" aria-hidden="true">
                      {active ? (sort.direction === 'asc' ? '▲' : '▼') : ''}
                    </span>
                  </button>
                </th>
              )
            })}
            <th className="loc-actions">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {locations.map(l => {
            const record = records[String(l.id)]
            const outcome = outcomes[l.id]
            const selected = selectedId === l.id
            return (
              <tr
                key={l.id}
                className={selected ? 'loc-row loc-row--selected' : 'loc-row'}
                aria-selected={selected}
                data-location-id={l.id}
              >
                <td>
                  <button type="button" className="link-button loc-name" onClick={() => onSelect(l)} title="Show details">
                    {l.name}
                  </button>
                </td>
                <td>
                  <InstalledCell record={record} outcome={outcome} />
                </td>
                <td className="mono">{l.id}</td>
                <td className="mono">{l.merchantId}</td>
                <td>
                  <span className="mono">{l.timeZone}</span> <LocalTime timeZone={l.timeZone} />
                </td>
                <td className="mono">{l.countryCode}</td>
                <td className="mono">{l.currency}</td>
                <td className="mono">{l.language}</td>
                <td className="mono">{l.brandRef}</td>
                <td className="loc-address" title={formatAddress(l.address)}>
                  {formatAddress(l.address)}
                </td>
                <td className="loc-actions">
                  <button
                    type="button"
                    className="btn btn--small"
                    aria-label={`Install at ${l.name}`}
                    disabled={installDisabled || outcome?.kind === 'pending'}
                    onClick={() => onInstall(l)}
                  >
                    Install
                  </button>
                </td>
              </tr>
            )
          })}
        </tbody>
      </table>
    </div>
  )
}
