import { BridgeCallError } from '../../../../shared/contract/errors'
import { useAppInfo } from '../../domain/app-info'
import { FirstRunChecklist } from './first-run-checklist'
import { useFirstRun } from './use-first-run'

/** A line of text not known yet: holds its place (one line's height); its region is marked busy meanwhile. */
function Pending({ width }: { width: string }) {
  return <span className="skeleton" style={{ width }} aria-hidden="true" />
}

/**
 * The first screen: the first steps (ticked by what the engine saw), what this console is connected to and where its
 * secrets live. Its heading and layout show at once, before the engine answers (it may still be starting): what is
 * not known yet holds its place, so nothing moves when the answers come.
 */
export function OverviewPanel() {
  const info = useAppInfo()
  const firstRun = useFirstRun()
  const data = info.data
  const e = info.error
  return (
    <div className="panel">
      <h1>Overview</h1>
      {e ? (
        <div className="error-box" role="alert">
          <strong>The console could not reach its engine.</strong> {e.message}
          {e instanceof BridgeCallError && e.hint ? <p>{e.hint}</p> : null}
        </div>
      ) : (
        <p className="lead" aria-busy={!data}>
          {data ? (
            `Partner API Console ${data.version} — ${data.transport === 'web' ? 'running in a browser through the web host' : 'desktop app'}.`
          ) : (
            <Pending width="28em" />
          )}
        </p>
      )}
      {firstRun.error ? (
        <p className="warn">The first steps could not be read: {firstRun.error.message}</p>
      ) : (
        <FirstRunChecklist status={firstRun.data} />
      )}
      <h2 className="overview-facts-title">This console</h2>
      <dl className="facts" aria-busy={!data}>
        <dt>Environments</dt>
        <dd>
          {!data ? (
            <Pending width="22em" />
          ) : data.environments.length === 0 ? (
            'None yet.'
          ) : (
            data.environments.map(env => (
              <div key={env.id} className="mono">
                {env.name} — {env.baseUrl}
              </div>
            ))
          )}
        </dd>
        <dt>Secret storage</dt>
        <dd>
          {data ? (
            <>
              <span className="mono">{data.secretStorage.backend}</span> — {data.secretStorage.description}
            </>
          ) : (
            <Pending width="30em" />
          )}
        </dd>
        <dt>Built-in sandbox</dt>
        <dd className="mono">{data ? (data.sandboxUrl ?? 'not running') : <Pending width="14em" />}</dd>
        <dt>Platform</dt>
        <dd className="mono">{data ? data.platform : <Pending width="8em" />}</dd>
      </dl>
    </div>
  )
}
