import { useState } from 'react'
import { SPEC_PATHS } from '../../../../shared/spec'
import { useSandboxAction } from '../../domain/sandbox'
import { ErrorBox } from '../../ui/error-box'
import type { FaultView } from './operator-views'

const METHODS = ['', 'GET', 'POST', 'PUT', 'PATCH', 'DELETE']

function effectOf(f: FaultView): string {
  const parts: string[] = []
  if (f.latencyMs !== undefined) parts.push(`+${f.latencyMs} ms`)
  if (f.status !== undefined) parts.push(`status ${f.status}`)
  if (f.drop) parts.push('drop connection')
  return parts.join(', ')
}

/** Fault injection on the sandbox's public paths: added latency, a forced status, a dropped connection, N times. */
export function FaultControls({ faults }: { faults: FaultView[] }) {
  const add = useSandboxAction('sandbox:addFault')
  const clear = useSandboxAction('sandbox:clearFaults')
  const [path, setPath] = useState<string>(SPEC_PATHS.locations)
  const [method, setMethod] = useState('')
  const [latency, setLatency] = useState('')
  const [status, setStatus] = useState('503')
  const [drop, setDrop] = useState(false)
  const [times, setTimes] = useState('1')
  const lat = latency === '' ? undefined : Number(latency)
  const st = status === '' ? undefined : Number(status)
  const tm = times === '' ? undefined : Number(times)
  const problem = !path.startsWith('/')
    ? 'The path must start with /.'
    : lat === undefined && st === undefined && !drop
      ? 'Choose latency, a status or drop.'
      : lat !== undefined && !(Number.isInteger(lat) && lat >= 0 && lat <= 120000)
        ? 'Latency is 0–120000 ms.'
        : st !== undefined && !(Number.isInteger(st) && st >= 100 && st <= 599)
          ? 'Status is 100–599.'
          : tm !== undefined && !(Number.isInteger(tm) && tm >= 1)
            ? 'Times is a whole number ≥ 1 (empty = until cleared).'
            : null
  return (
    <section className="sbx-card" aria-label="Faults">
      <h2>Faults</h2>
      <form
        className="sbx-form"
        onSubmit={e => {
          e.preventDefault()
          if (problem) return
          add.mutate({
            path,
            ...(method ? { method } : {}),
            ...(lat !== undefined ? { latencyMs: lat } : {}),
            ...(st !== undefined ? { status: st } : {}),
            ...(drop ? { drop } : {}),
            ...(tm !== undefined ? { times: tm } : {}),
          })
        }}
      >
        <label className="sbx-inline sbx-full">
          Fault path
          <input className="mono" value={path} onChange={e => setPath(e.target.value)} spellCheck={false} />
        </label>
        <label className="sbx-inline">
          Fault method
          <select value={method} onChange={e => setMethod(e.target.value)}>
            {METHODS.map(m => (
              <option key={m} value={m}>
                {m || 'any'}
              </option>
            ))}
          </select>
        </label>
        <label className="sbx-inline">
          Latency ms
          <input type="number" min={0} className="sbx-num" value={latency} onChange={e => setLatency(e.target.value)} />
        </label>
        <label className="sbx-inline">
          Status
          <input type="number" min={100} max={599} className="sbx-num" value={status} onChange={e => setStatus(e.target.value)} />
        </label>
        <label className="sbx-inline">
          <input type="checkbox" checked={drop} onChange={e => setDrop(e.target.checked)} /> Drop
        </label>
        <label className="sbx-inline">
          Times
          <input type="number" min={1} className="sbx-num" value={times} onChange={e => setTimes(e.target.value)} placeholder="∞" />
        </label>
        <button type="submit" className="btn" disabled={problem !== null || add.isPending}>
          Add fault
        </button>
      </form>
      {problem ? <p className="sbx-muted">{problem}</p> : null}
      {faults.length === 0 ? (
        <p className="empty">No fault injected: the sandbox answers normally.</p>
      ) : (
        <div className="table-box">
          <table className="table table--dense">
            <caption className="visually-hidden">Active faults</caption>
            <thead>
              <tr>
                <th>#</th>
                <th>Where</th>
                <th>Effect</th>
                <th>Left</th>
              </tr>
            </thead>
            <tbody>
              {faults.map(f => (
                <tr key={f.id}>
                  <td className="mono">{f.id}</td>
                  <td className="mono sbx-wrap">
                    {f.method ?? 'any'} {f.path}
                  </td>
                  <td>{effectOf(f)}</td>
                  <td className="mono">{f.remaining ?? '∞'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <div className="sbx-row">
        <button type="button" className="btn" onClick={() => clear.mutate({})} disabled={clear.isPending || faults.length === 0}>
          Clear faults
        </button>
      </div>
      <ErrorBox error={add.error} title="Fault not added." />
      <ErrorBox error={clear.error} title="Faults not cleared." />
    </section>
  )
}
