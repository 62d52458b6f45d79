import { useState } from 'react'
import type { Heartbeat } from '../../../shared/contract'
import { useEvent } from '../bridge/use-event'
import { useNavStore } from '../stores/nav-store'

const KEEP = 50

/** The bottom drawer. Holds the live event stream until the network log takes its place. */
export function Drawer() {
  const open = useNavStore((s) => s.drawerOpen)
  const toggle = useNavStore((s) => s.toggleDrawer)
  const [beats, setBeats] = useState<Heartbeat[]>([])
  useEvent('app:heartbeat', (b) => setBeats((list) => [b, ...list].slice(0, KEEP)))
  return (
    <section className={`drawer${open ? '' : ' drawer--closed'}`} aria-label="Drawer">
      <header className="drawer__bar">
        <button type="button" className="tab tab--active" onClick={() => toggle()} aria-expanded={open}>
          Events {beats.length > 0 ? <span className="badge">{beats.length}</span> : null}
        </button>
      </header>
      {open ? (
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
                {beats.map((b) => (
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
