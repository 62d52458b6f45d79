import { useState } from 'react'
import type { SandboxClockView } from '../../../../shared/contract'
import { useSandboxAction } from '../../domain/sandbox'
import { ErrorBox } from '../../ui/error-box'
import { formatDuration, useNow } from '../../ui/use-now'

const PRESETS: Array<{ label: string; seconds: number }> = [
  { label: '+1 min', seconds: 60 },
  { label: '+1 h', seconds: 3600 },
  { label: '+24 h', seconds: 86400 },
  { label: '+7 d', seconds: 7 * 86400 },
]

const UNITS = { seconds: 1, minutes: 60, hours: 3600, days: 86400 } as const
type Unit = keyof typeof UNITS

function signed(seconds: number): string {
  if (seconds === 0) return 'none (real time)'
  return `${seconds < 0 ? '−' : '+'}${formatDuration(Math.abs(seconds) * 1000)}`
}

/** Clock travel: the sandbox's "now" (ticking live), preset and custom jumps, and back to real time. */
export function ClockControls({ clock }: { clock: SandboxClockView | null }) {
  const advance = useSandboxAction('sandbox:clock')
  const [amount, setAmount] = useState('90')
  const [unit, setUnit] = useState<Unit>('minutes')
  const now = useNow(1000)
  const offset = clock?.clockOffsetSeconds ?? 0
  const sandboxNow = new Date(now + offset * 1000)
  const custom = Number(amount) * UNITS[unit]
  return (
    <section className="sbx-card" aria-label="Clock">
      <h2>Clock</h2>
      <p className="sbx-clock">
        <span className="mono sbx-clock__now" data-testid="sandbox-now">
          {sandboxNow.toISOString().replace('T', ' ').slice(0, 19)} UTC
        </span>
        <span className="sbx-muted">
          offset:{' '}
          <span className="mono" data-testid="sandbox-offset">
            {signed(offset)}
          </span>
        </span>
      </p>
      <div className="sbx-row">
        {PRESETS.map(p => (
          <button
            key={p.label}
            type="button"
            className="btn"
            onClick={() => advance.mutate({ advanceSeconds: p.seconds })}
            disabled={advance.isPending}
            aria-label={`Advance the clock ${p.label.slice(1)}`}
          >
            {p.label}
          </button>
        ))}
        <button type="button" className="btn" onClick={() => advance.mutate({ reset: true })} disabled={advance.isPending || offset === 0}>
          Reset clock
        </button>
      </div>
      <form
        className="sbx-row"
        onSubmit={e => {
          e.preventDefault()
          if (Number.isFinite(custom) && custom !== 0) advance.mutate({ advanceSeconds: custom })
        }}
      >
        <label className="sbx-inline">
          By
          <input
            type="number"
            className="sbx-num"
            value={amount}
            onChange={e => setAmount(e.target.value)}
            aria-label="Amount to move the clock by"
          />
        </label>
        <select value={unit} onChange={e => setUnit(e.target.value as Unit)} aria-label="Unit">
          {Object.keys(UNITS).map(u => (
            <option key={u} value={u}>
              {u}
            </option>
          ))}
        </select>
        <button type="submit" className="btn" disabled={advance.isPending || !Number.isFinite(custom) || custom === 0}>
          Move clock
        </button>
        <span className="sbx-muted">negative goes back</span>
      </form>
      <ErrorBox error={advance.error} title="The clock did not move." />
    </section>
  )
}
