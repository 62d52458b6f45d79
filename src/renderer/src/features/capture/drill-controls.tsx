import { useState } from 'react'
import type { DoctorDrillName, DoctorDrillView } from '../../../../shared/contract'
import { ErrorBox } from '../../ui/error-box'
import { showInLog } from '../network-log'
import { DRILLS } from './scorecard-model'
import { useArmDrills } from './use-doctor'

const NAMES = Object.keys(DRILLS) as DoctorDrillName[]

/**
 * The doctor's drills: faults the gateway plays on the integration's next matching request (expiry, 429s, 503, a Date
 * off, a slow answer). Arm one, several or all; each then says whether it played and what the client did next.
 */
export function DrillControls({ envId, running, drills }: { envId: string; running: boolean; drills: DoctorDrillView[] }) {
  const [picked, setPicked] = useState<DoctorDrillName[]>([])
  const arm = useArmDrills(envId)
  const byName = new Map(drills.map(d => [d.name, d]))
  return (
    <div className="doc-drills">
      <h3>Drills</h3>
      <ul className="doc-drill-list">
        {NAMES.map(name => {
          const d = byName.get(name)
          return (
            <li key={name}>
              <label>
                <input
                  type="checkbox"
                  checked={picked.includes(name)}
                  disabled={!running}
                  onChange={e => setPicked(p => (e.target.checked ? [...p, name] : p.filter(n => n !== name)))}
                />{' '}
                <span className="mono">{name}</span> <span className="cap-muted">{DRILLS[name]}</span>
              </label>
              {d ? (
                <span className="doc-drill-state" data-testid="drill-state">
                  {d.state}
                  {d.logId ? (
                    <button type="button" className="btn btn--small mono" onClick={() => d.logId && showInLog({ select: d.logId })}>
                      {d.logId}
                    </button>
                  ) : null}
                  {d.next.length > 0 ? <span className="cap-muted"> then: {d.next.map(n => n.what).join('; ')}</span> : null}
                </span>
              ) : null}
            </li>
          )
        })}
      </ul>
      <div className="cap-row">
        <button
          type="button"
          className="btn btn--small"
          disabled={!running || picked.length === 0 || arm.isPending}
          onClick={() => arm.mutate(picked)}
        >
          Arm selected
        </button>
        <button type="button" className="btn btn--small" disabled={!running || arm.isPending} onClick={() => arm.mutate(['all'])}>
          Arm all, in order
        </button>
        {!running ? <span className="cap-muted">Start the capture to arm drills.</span> : null}
      </div>
      <ErrorBox error={arm.error} title="The drills were not armed." />
    </div>
  )
}
