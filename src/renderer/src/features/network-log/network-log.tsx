import { lazy, Suspense, useMemo } from 'react'
import { useNavStore } from '../../stores/nav-store'
import { LogList } from './log-list'
import { useLogStore } from './log-store'
import { LogToolbar } from './log-toolbar'
import { useLogView } from './use-log-feed'
import { useLogMatch } from './use-log-match'
import './network-log.css'

// The detail (monaco, waterfall, cURL) loads when an entry is first selected, keeping the first screen small.
const LogDetail = lazy(() => import('./log-detail').then(m => ({ default: m.LogDetail })))

/**
 * The network log tab: every exchange the engine made (redacted at capture), filtered, virtualized, with the selected
 * entry's detail beside it. The feed that keeps the cached log live runs beside the query client (useLogFeed, frame/live-updates.ts).
 */
export function NetworkLog() {
  const { entries, loaded } = useLogView()
  const query = useLogStore(s => s.query)
  const selectedId = useLogStore(s => s.selectedId)
  const select = useLogStore(s => s.select)
  const setQuery = useLogStore(s => s.setQuery)
  const go = useNavStore(s => s.go)
  const { shown, problems, filtered, pending } = useLogMatch(entries, query)
  const selected = useMemo(() => (selectedId ? (entries.find(e => e.id === selectedId) ?? null) : null), [entries, selectedId])
  const exportIds = useMemo(() => (filtered ? shown.map(e => e.id) : undefined), [filtered, shown])
  return (
    <div className={`netlog${selected ? ' netlog--detail' : ''}`}>
      <LogToolbar shown={shown.length} exportIds={exportIds} problems={problems} />
      <div className="netlog__split">
        {/* Busy while the list still shows the previous filter's answer: assistive tech (and tests) know it will change. */}
        <div className="netlog__list" aria-busy={pending}>
          {shown.length > 0 ? (
            <LogList entries={shown} selectedId={selectedId} onSelect={select} compact={selected !== null} />
          ) : !loaded ? (
            <p className="loading netlog__empty">Reading the network log…</p>
          ) : pending ? (
            <p className="loading netlog__empty">Filtering the log…</p>
          ) : filtered && entries.length > 0 ? (
            <div className="empty netlog__empty">
              No entry matches the filter.{' '}
              <button type="button" className="btn btn--small" onClick={() => setQuery('')}>
                Clear the filter
              </button>
            </div>
          ) : (
            <div className="empty netlog__empty">
              No requests yet — every exchange the console makes appears here, credentials redacted. Start with the consent flow, then list
              locations.{' '}
              <button type="button" className="btn btn--small" onClick={() => go('consent')}>
                Open the consent flow
              </button>
            </div>
          )}
        </div>
        {selected ? (
          <Suspense fallback={<p className="loading netlog-detail">Loading the detail…</p>}>
            <LogDetail key={selected.id} summary={selected} onClose={() => select(null)} />
          </Suspense>
        ) : null}
      </div>
    </div>
  )
}
