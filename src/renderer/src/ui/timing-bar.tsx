import type { PhaseTimings } from '../../../shared/contract'
import { formatMs } from './exchange-summary'

const PHASES = ['blocked', 'dns', 'connect', 'tls', 'send', 'wait', 'receive'] as const

/** The exchange's phases (HAR 1.2) as one proportional bar with a legend: where the time went. */
export function TimingBar({ timings }: { timings: PhaseTimings }) {
  const total = Math.max(timings.total, 0.001)
  const phases = PHASES.map(p => ({ name: p, ms: timings[p] })).filter(
    (p): p is { name: (typeof PHASES)[number]; ms: number } => p.ms !== null,
  )
  return (
    <figure className="timing" aria-label="Timings">
      <div className="timing__bar">
        {phases
          .filter(p => p.ms > 0)
          .map(p => (
            <span
              key={p.name}
              className={`timing__seg timing__seg--${p.name}`}
              style={{ width: `${(p.ms / total) * 100}%` }}
              title={`${p.name} ${formatMs(p.ms)}`}
            />
          ))}
      </div>
      <figcaption className="timing__legend">
        {phases.map(p => (
          <span key={p.name}>
            <i className={`legend-dot timing__seg--${p.name}`} /> {p.name} <span className="mono">{p.ms.toFixed(1)} ms</span>
          </span>
        ))}
        <span>
          total <span className="mono">{timings.total.toFixed(1)} ms</span>
        </span>
        {timings.reusedConnection ? <span className="exchange-muted">connection reused</span> : null}
      </figcaption>
    </figure>
  )
}
