import { useEffect } from 'react'
import { useCommandStore } from '../../stores/command-store'
import { ErrorBox } from '../../ui/error-box'
import { EMPTY_FILTERS, SOURCE_FILTERS, STATUS_FILTERS, type SourceFilter, type StatusFilter } from './log-filter'
import { BundleWrite } from '../bundle'
import { HarActions } from './har-actions'
import { useLogStore } from './log-store'
import { useClearLog, useLogCapacity } from './use-log-actions'
import { useLogView } from './use-log-feed'

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'] as const
const SOURCE_LABEL: Record<SourceFilter, string> = {
  '': 'Any source',
  console: 'Console',
  captured: 'Captured',
  operator: 'Sandbox operator',
}
const CAPACITIES = [500, 2000, 10_000, 50_000, 100_000] as const
const STATUS_LABEL: Record<StatusFilter, string> = {
  all: 'Any status',
  '2xx': '2xx',
  '3xx': '3xx',
  '4xx': '4xx',
  '5xx': '5xx',
  failed: 'Failed',
  pending: 'Pending',
}

/** Filters (method, status class, text), the count, the log's capacity, clear, and HAR export/import. */
export function LogToolbar({ shown, exportIds }: { shown: number; exportIds: string[] | undefined }) {
  const filters = useLogStore(s => s.filters)
  const setFilters = useLogStore(s => s.setFilters)
  const total = useLogView(v => v.entries.length)
  const capacity = useLogView(v => v.capacity)
  const clear = useClearLog()
  const setCapacity = useLogCapacity()
  const clearLog = clear.mutate
  useEffect(
    () =>
      useCommandStore.getState().register([
        { id: 'log:clear', title: 'Network log: clear', run: () => clearLog() },
        {
          id: 'log:reset-filters',
          title: 'Network log: show every entry (reset the filters)',
          run: () => setFilters(EMPTY_FILTERS),
        },
      ]),
    [clearLog, setFilters],
  )
  const capacities = CAPACITIES.includes(capacity as (typeof CAPACITIES)[number])
    ? CAPACITIES
    : [...CAPACITIES, capacity].sort((a, b) => a - b)
  return (
    <div className="netlog__toolbar" role="toolbar" aria-label="Network log tools">
      <input
        type="search"
        className="netlog__text"
        placeholder="Filter: URL, status, error…"
        aria-label="Filter text"
        value={filters.text}
        onChange={e => setFilters({ text: e.target.value })}
      />
      <select aria-label="Method" value={filters.method} onChange={e => setFilters({ method: e.target.value })}>
        <option value="">Any method</option>
        {METHODS.map(m => (
          <option key={m} value={m}>
            {m}
          </option>
        ))}
      </select>
      <select aria-label="Status" value={filters.status} onChange={e => setFilters({ status: e.target.value as StatusFilter })}>
        {STATUS_FILTERS.map(s => (
          <option key={s} value={s}>
            {STATUS_LABEL[s]}
          </option>
        ))}
      </select>
      <select aria-label="Source" value={filters.source} onChange={e => setFilters({ source: e.target.value as SourceFilter })}>
        {SOURCE_FILTERS.map(s => (
          <option key={s} value={s}>
            {SOURCE_LABEL[s]}
          </option>
        ))}
      </select>
      <span className="netlog__count mono" data-testid="log-count" title={`The log keeps the last ${capacity} entries`}>
        {shown === total ? `${total} entries` : `${shown} of ${total}`}
      </span>
      <span className="netlog__spacer" />
      <label className="netlog__keep">
        Keep
        <select
          aria-label="Entries kept"
          value={capacity}
          disabled={setCapacity.isPending}
          onChange={e => setCapacity.mutate(Number(e.target.value))}
        >
          {capacities.map(c => (
            <option key={c} value={c}>
              {c.toLocaleString('en')}
            </option>
          ))}
        </select>
      </label>
      <HarActions ids={exportIds} />
      <BundleWrite ids={exportIds} />
      <button type="button" className="btn btn--small" onClick={() => clear.mutate()} disabled={clear.isPending || total === 0}>
        Clear
      </button>
      {clear.error || setCapacity.error ? (
        <div className="netlog__error">
          <ErrorBox
            error={clear.error ?? setCapacity.error}
            title={clear.error ? 'The log was not cleared.' : 'The capacity was not changed.'}
          />
        </div>
      ) : null}
    </div>
  )
}
