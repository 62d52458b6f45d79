import { useState } from 'react'
import type { CaptureMode, RequestOf } from '../../../../shared/contract'

type Ports = NonNullable<RequestOf<'capture:start'>['ports']>

/** A port field's text as a port: empty = any free port; otherwise an integer 1–65535, or a sentence saying why not. */
export function readPort(text: string): { port?: number; problem?: string } {
  const t = text.trim()
  if (t === '') return {}
  if (!/^\d+$/.test(t)) return { problem: `“${t}” is not a port number: type 1–65535, or leave it empty for a free port.` }
  const port = Number(t)
  if (port < 1 || port > 65535) return { problem: `${port} is outside 1–65535: leave it empty for a free port.` }
  return { port }
}

const FIELDS: Record<CaptureMode, { key: keyof Ports; label: string }[]> = {
  gateway: [
    { key: 'auth', label: 'auth port' },
    { key: 'base', label: 'base port' },
  ],
  proxy: [{ key: 'proxy', label: 'proxy port' }],
}

/**
 * How to start a capture: gateway mode (two loopback URLs to put in the integration's settings) or proxy mode (for URLs
 * the partner cannot change: a proxy and a CA to trust), and optional fixed ports (empty = a free one).
 */
export function CaptureForm({
  onStart,
  starting,
  envName,
}: {
  onStart: (req: { mode: CaptureMode; ports?: Ports }) => void
  starting: boolean
  envName: string
}) {
  const [mode, setMode] = useState<CaptureMode>('gateway')
  const [texts, setTexts] = useState<Record<keyof Ports, string>>({ auth: '', base: '', proxy: '' })
  const read = FIELDS[mode].map(f => ({ ...f, ...readPort(texts[f.key]) }))
  const problems = read.flatMap(r => (r.problem ? [`${r.label}: ${r.problem}`] : []))
  const ports: Ports = Object.fromEntries(read.flatMap(r => (r.port === undefined ? [] : [[r.key, r.port]])))
  return (
    <form
      className="cap-form"
      aria-label="Start a capture"
      onSubmit={e => {
        e.preventDefault()
        if (problems.length === 0) onStart({ mode, ...(Object.keys(ports).length > 0 ? { ports } : {}) })
      }}
    >
      <fieldset className="cap-modes">
        <legend>Mode</legend>
        <label>
          <input type="radio" name="capture-mode" checked={mode === 'gateway'} onChange={() => setMode('gateway')} /> Gateway
          <span className="cap-muted"> — point your auth and base URLs at the console; no certificate</span>
        </label>
        <label>
          <input type="radio" name="capture-mode" checked={mode === 'proxy'} onChange={() => setMode('proxy')} /> Proxy
          <span className="cap-muted"> — HTTPS_PROXY and a capture CA, for URLs you cannot change</span>
        </label>
      </fieldset>
      <div className="cap-row">
        {FIELDS[mode].map(f => (
          <label key={f.key} className="cap-port">
            {f.label}
            <input
              className="mono"
              inputMode="numeric"
              placeholder="free"
              value={texts[f.key]}
              aria-invalid={read.find(r => r.key === f.key)?.problem ? true : undefined}
              onChange={e => setTexts(t => ({ ...t, [f.key]: e.target.value }))}
            />
          </label>
        ))}
        <button type="submit" className="btn btn--primary" disabled={starting || problems.length > 0}>
          {starting ? 'Starting…' : `Start capturing ${envName}`}
        </button>
      </div>
      {problems.map(p => (
        <p key={p} className="cap-problem" role="alert">
          {p}
        </p>
      ))}
    </form>
  )
}
