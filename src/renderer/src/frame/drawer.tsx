import { lazy, Suspense, useCallback, useState } from 'react'
import type { Heartbeat } from '../../../shared/contract'
import { useAfterFirstPaint } from '../bridge/after-first-paint'
import { useEvent } from '../bridge/use-event'
import { useLogView } from '../features/network-log'
import { useNavStore } from '../stores/nav-store'
import { DrawerResizer } from './drawer-resizer'
import './drawer.css'

const NetworkLog = lazy(() => import('../features/network-log/network-log').then(m => ({ default: m.NetworkLog })))

const LOG_LOADING = <p className="loading">Loading the network log…</p>
const KEEP = 50
type DrawerTab = 'log' | 'events'

/**
 * The bottom drawer: the network log (main tab; its feed runs beside the query client, frame/live-updates.ts, so the
 * list stays live while the drawer is closed or gone) and the raw engine events. Clicking the active tab folds the drawer; its top edge resizes it.
 * The log's own chunk is asked for after the first paint: the first screen is Overview, and the drawer holds its
 * place with the same loading line meanwhile.
 */
export function Drawer() {
  const open = useNavStore(s => s.drawerOpen)
  const toggle = useNavStore(s => s.toggleDrawer)
  const count = useLogView(v => v.entries.length)
  const [tab, setTab] = useState<DrawerTab>('log')
  const [sized, setSized] = useState(false)
  const onSized = useCallback((v: boolean) => setSized(v), [])
  const painted = useAfterFirstPaint()
  const [beats, setBeats] = useState<Heartbeat[]>([])
  useEvent('app:heartbeat', b => setBeats(list => [b, ...list].slice(0, KEEP)))
  const pick = (t: DrawerTab) => {
    if (open && t === tab) toggle(false)
    else {
      setTab(t)
      toggle(true)
    }
  }
  return (
    <section className={`drawer${open ? '' : ' drawer--closed'}${open && sized ? ' drawer--sized' : ''}`} aria-label="Drawer">
      {open ? <DrawerResizer onSized={onSized} /> : null}
      <header className="drawer__bar">
        <button
          type="button"
          className={`tab${tab === 'log' ? ' tab--active' : ''}`}
          aria-pressed={tab === 'log'}
          onClick={() => pick('log')}
        >
          Network log <span className="badge">{count}</span>
        </button>
        <button
          type="button"
          className={`tab${tab === 'events' ? ' tab--active' : ''}`}
          aria-pressed={tab === 'events'}
          onClick={() => pick('events')}
        >
          Events {beats.length > 0 ? <span className="badge">{beats.length}</span> : null}
        </button>
        <span className="drawer__spacer" />
        <button type="button" className="drawer__toggle" aria-expanded={open} onClick={() => toggle()} title="Ctrl+`">
          {open ? 'Hide ▾' : 'Show ▴'}
        </button>
      </header>
      {open && tab === 'log' ? (
        <div className="drawer__body drawer__body--log">
          {painted ? (
            <Suspense fallback={LOG_LOADING}>
              <NetworkLog />
            </Suspense>
          ) : (
            LOG_LOADING
          )}
        </div>
      ) : null}
      {open && tab === 'events' ? (
        <div className="drawer__body">
          {beats.length === 0 ? (
            <p className="empty">Waiting for the first event from the engine (a heartbeat every few seconds)…</p>
          ) : (
            <table className="table table--dense">
              <thead>
                <tr>
                  <th>#</th>
                  <th>Event</th>
                  <th>At</th>
                  <th>Engine uptime</th>
                </tr>
              </thead>
              <tbody>
                {beats.map(b => (
                  <tr key={b.seq} data-testid="event-row">
                    <td className="mono">{b.seq}</td>
                    <td className="mono">app:heartbeat</td>
                    <td className="mono">{new Date(b.at).toLocaleTimeString()}</td>
                    <td className="mono">{b.uptimeSeconds}s</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </div>
      ) : null}
    </section>
  )
}
