import { useEffect } from 'react'
import { useCommandStore } from '../../stores/command-store'
import { ErrorBox } from '../../ui/error-box'
import { BundleWrite } from '../bundle'
import { HarActions } from './har-actions'
import { LogFilterBox } from './log-filter-box'
import { useLogStore } from './log-store'
import { useClearLog, useLogCapacity } from './use-log-actions'
import { useLogView } from './use-log-feed'

const CAPACITIES = [500, 2000, 10_000, 50_000, 100_000] as const

/** 100000 → "100,000", as toLocaleString('en') writes it, without the first-call ICU set-up on the drawer's first render. */
function groupThousands(n: number): string {
  return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',')
}

/** The filter box (the engine's filter language, with suggestions), the count, the log's capacity, clear, and HAR export/import. */
export function LogToolbar({ shown, exportIds, problems }: { shown: number; exportIds: string[] | undefined; problems: string[] }) {
  const setQuery = useLogStore(s => s.setQuery)
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
          title: 'Network log: show every entry (clear the filter)',
          run: () => setQuery(''),
        },
      ]),
    [clearLog, setQuery],
  )
  const capacities = CAPACITIES.includes(capacity as (typeof CAPACITIES)[number])
    ? CAPACITIES
    : [...CAPACITIES, capacity].sort((a, b) => a - b)
  return (
    <div className="netlog__toolbar" role="toolbar" aria-label="Network log tools">
      <LogFilterBox problems={problems} />
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
              {groupThousands(c)}
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
