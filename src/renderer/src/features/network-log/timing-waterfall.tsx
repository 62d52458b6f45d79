import type { PhaseTimings } from '../../../../shared/contract'

type Phase = 'blocked' | 'dns' | 'connect' | 'tls' | 'send' | 'wait' | 'receive'

const PHASES: Array<{ id: Phase; label: string; absent: (t: PhaseTimings) => string }> = [
  { id: 'blocked', label: 'Queued', absent: () => '' },
  { id: 'dns', label: 'DNS lookup', absent: t => (t.reusedConnection ? 'reused connection' : 'IP address, no lookup') },
  { id: 'connect', label: 'Connect', absent: t => (t.reusedConnection ? 'reused connection' : 'not measured') },
  { id: 'tls', label: 'TLS handshake', absent: t => (t.reusedConnection ? 'reused connection' : 'plain http') },
  { id: 'send', label: 'Request sent', absent: () => '' },
  { id: 'wait', label: 'Waiting (TTFB)', absent: () => '' },
  { id: 'receive', label: 'Content download', absent: () => '' },
]

function ms(v: number): string {
  return v >= 100 ? `${Math.round(v)} ms` : `${v.toFixed(v >= 10 ? 1 : 2)} ms`
}

/**
 * One exchange's phases as the engine measured them, laid end to end on one time axis (they never overlap): each
 * bar starts where the previous phase ended. Phases that did not happen say why.
 */
export function TimingWaterfall({ timings }: { timings: PhaseTimings }) {
  const total = Math.max(timings.total, 0.001)
  let at = 0
  return (
    <table className="waterfall" aria-label="Timing waterfall">
      <tbody>
        {PHASES.map(p => {
          const value = timings[p.id]
          const start = at
          if (value !== null) at += value
          return (
            <tr key={p.id} className={`waterfall__row waterfall__row--${p.id}`}>
              <th scope="row">{p.label}</th>
              <td className="waterfall__track">
                {value !== null ? (
                  <span
                    className="waterfall__bar"
                    style={{ left: `${(start / total) * 100}%`, width: `max(2px, ${(value / total) * 100}%)` }}
                  />
                ) : null}
              </td>
              <td className="mono waterfall__value">
                {value === null ? <span className="waterfall__absent">— {p.absent(timings)}</span> : ms(value)}
              </td>
            </tr>
          )
        })}
        <tr className="waterfall__total">
          <th scope="row">Total</th>
          <td className="waterfall__track">
            {timings.reusedConnection ? <span className="waterfall__note">kept-alive connection reused</span> : null}
          </td>
          <td className="mono waterfall__value">{ms(timings.total)}</td>
        </tr>
      </tbody>
    </table>
  )
}
