import { BridgeCallError } from '../../../../shared/contract/errors'
import { useAppInfo } from '../../domain/app-info'
import { FirstRunChecklist } from './first-run-checklist'
import { useFirstRun } from './use-first-run'

/** The first screen: the first steps (ticked by what the engine saw), what this console is connected to and where its secrets live. */
export function OverviewPanel() {
  const info = useAppInfo()
  const firstRun = useFirstRun()
  if (info.isLoading) return <div className="loading">Asking the engine who it is…</div>
  if (info.error) {
    const e = info.error
    return (
      <div className="error-box" role="alert">
        <strong>The console could not reach its engine.</strong> {e.message}
        {e instanceof BridgeCallError && e.hint ? <p>{e.hint}</p> : null}
      </div>
    )
  }
  const data = info.data
  if (!data) return null
  return (
    <div className="panel">
      <h1>Overview</h1>
      <p className="lead">
        Partner API Console {data.version} — {data.transport === 'web' ? 'running in a browser through the web host' : 'desktop app'}.
      </p>
      {firstRun.data ? <FirstRunChecklist status={firstRun.data} /> : null}
      {firstRun.error ? <p className="warn">The first steps could not be read: {firstRun.error.message}</p> : null}
      <h2 className="overview-facts-title">This console</h2>
      <dl className="facts">
        <dt>Environments</dt>
        <dd>
          {data.environments.length === 0
            ? 'None yet.'
            : data.environments.map(e => (
                <div key={e.id} className="mono">
                  {e.name} — {e.baseUrl}
                </div>
              ))}
        </dd>
        <dt>Secret storage</dt>
        <dd>
          <span className="mono">{data.secretStorage.backend}</span> — {data.secretStorage.description}
        </dd>
        <dt>Built-in sandbox</dt>
        <dd className="mono">{data.sandboxUrl ?? 'not running'}</dd>
        <dt>Platform</dt>
        <dd className="mono">{data.platform}</dd>
      </dl>
    </div>
  )
}
