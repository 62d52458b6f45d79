import { useState } from 'react'
import { useActiveEnvId, useAppInfo } from '../../domain/app-info'
import { ErrorBox } from '../../ui/error-box'
import { CaptureForm } from './capture-form'
import { CaptureRunning } from './capture-running'
import { Scorecard } from './scorecard'
import { useCaptures, useStartCapture, useStopCapture } from './use-capture'
import './capture.css'

/**
 * The Capture section: the console between the partner's own integration and the API, per environment. Start it in
 * gateway or proxy mode, copy the URLs and variables into the integration, watch the exchange count rise, open the
 * captured exchanges in the network log; the doctor's scorecard judges them beside it.
 */
export function CapturePanel() {
  const info = useAppInfo()
  const activeId = useActiveEnvId()
  const [picked, setPicked] = useState<string | null>(null)
  const envs = info.data?.environments ?? []
  const envId = picked ?? activeId
  const env = envs.find(e => e.id === envId) ?? null
  const captures = useCaptures()
  const start = useStartCapture()
  const stop = useStopCapture()
  const running = captures.data?.captures.find(c => c.envId === envId) ?? null
  const others = (captures.data?.captures ?? []).filter(c => c.envId !== envId)
  return (
    <div className="panel capture">
      <h1>Capture</h1>
      <p className="lead">
        Put the console between your own integration and the API: every call it makes appears in the network log as it happens, explained
        with what the console knows (signature, token, quota, clock).
      </p>
      <div className="cap-grid">
        <div className="cap-card">
          <div className="cap-row">
            <label className="cap-env">
              Environment
              <select
                value={envId ?? ''}
                onChange={e => {
                  setPicked(e.target.value)
                  start.reset()
                }}
              >
                {envs.map(e => (
                  <option key={e.id} value={e.id}>
                    {e.name}
                    {captures.data?.captures.some(c => c.envId === e.id) ? ' (capturing)' : ''}
                  </option>
                ))}
              </select>
            </label>
            {env?.production ? <span className="badge badge--warn">production</span> : null}
          </div>
          {captures.isLoading ? <p className="loading">Reading the running captures…</p> : null}
          <ErrorBox error={captures.error} title="The running captures could not be read." onRetry={() => void captures.refetch()} />
          {running ? (
            <CaptureRunning capture={running} onStop={() => stop.mutate(running.envId)} stopping={stop.isPending} />
          ) : envId ? (
            <CaptureForm
              envName={env?.name ?? envId}
              starting={start.isPending}
              onStart={req => start.mutate({ envId, mode: req.mode, ...(req.ports ? { ports: req.ports } : {}) })}
            />
          ) : (
            <p className="empty">No environment yet: add one in Environments, or start the console with its built-in sandbox.</p>
          )}
          <ErrorBox error={start.error} title="The capture did not start." />
          <ErrorBox error={stop.error} title="The capture did not stop." />
          {others.length > 0 ? (
            <p className="cap-muted">
              Also capturing:{' '}
              {others.map((c, i) => (
                <span key={c.envId}>
                  {i > 0 ? ', ' : ''}
                  <button type="button" className="btn btn--small" onClick={() => setPicked(c.envId)}>
                    {envs.find(e => e.id === c.envId)?.name ?? c.envId} ({c.exchanges})
                  </button>
                </span>
              ))}
            </p>
          ) : null}
        </div>
        {envId ? <Scorecard envId={envId} /> : null}
      </div>
    </div>
  )
}
