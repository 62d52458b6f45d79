import type { CaptureStatus } from '../../../../shared/contract'
import { CopyButton } from '../../ui/copy-button'
import { showInLog } from '../network-log'
import { exportLines, groupVariables } from './capture-variables'

/**
 * A running capture: the live exchange count, where to point the integration (the gateway's two URLs, or the proxy
 * and its CA), every variable to set per runtime and the lines for runtimes that read none, each with a copy button,
 * and the way to its exchanges in the network log.
 */
export function CaptureRunning({ capture, onStop, stopping }: { capture: CaptureStatus; onStop: () => void; stopping: boolean }) {
  const groups = groupVariables(capture.variables)
  return (
    <div className="cap-running" data-testid="capture-running">
      <div className="cap-row">
        <span className="cap-live" aria-hidden="true" />
        <span>
          Capturing in <strong>{capture.mode}</strong> mode since{' '}
          <span className="mono">{new Date(capture.startedAt).toLocaleTimeString()}</span>
        </span>
        <span className="cap-count mono" data-testid="capture-count" aria-live="polite">
          {capture.exchanges} {capture.exchanges === 1 ? 'exchange' : 'exchanges'}
        </span>
        <button type="button" className="btn btn--small" onClick={() => showInLog({ source: 'captured' })}>
          Show captured exchanges in the log
        </button>
        <button type="button" className="btn btn--small btn--danger" onClick={onStop} disabled={stopping}>
          {stopping ? 'Stopping…' : 'Stop'}
        </button>
      </div>
      {capture.gateway ? (
        <dl className="cap-urls">
          <dt>auth_url</dt>
          <dd>
            <span className="mono cap-wrap" data-testid="capture-auth-url">
              {capture.gateway.authUrl}
            </span>
            <CopyButton text={capture.gateway.authUrl} label="Copy" />
          </dd>
          <dt>base_url</dt>
          <dd>
            <span className="mono cap-wrap" data-testid="capture-base-url">
              {capture.gateway.baseUrl}
            </span>
            <CopyButton text={capture.gateway.baseUrl} label="Copy" />
          </dd>
        </dl>
      ) : null}
      {capture.proxy ? (
        <dl className="cap-urls">
          <dt>proxy</dt>
          <dd>
            <span className="mono cap-wrap" data-testid="capture-proxy-url">
              {capture.proxy.url}
            </span>
            <CopyButton text={capture.proxy.url} label="Copy" />
          </dd>
          <dt>capture CA</dt>
          <dd>
            <span className="mono cap-wrap">{capture.proxy.caFile}</span>
            <CopyButton text={capture.proxy.caFile} label="Copy" />
          </dd>
        </dl>
      ) : null}
      <div className="cap-vars-head">
        <h3>Environment variables</h3>
        <CopyButton text={exportLines(capture.variables)} label="Copy all as export lines" />
      </div>
      <table className="table table--dense cap-vars" aria-label="Environment variables to set">
        <thead>
          <tr>
            <th scope="col">Runtime</th>
            <th scope="col">Variable</th>
            <th scope="col">Value</th>
            <th scope="col">
              <span className="visually-hidden">Copy</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {groups.flatMap(g =>
            g.variables.map((v, i) => (
              <tr key={`${g.runtime}:${v.name}`}>
                <td className="cap-vars__runtime">{i === 0 ? g.label : ''}</td>
                <td className="mono">{v.name}</td>
                <td className="mono cap-vars__value">{v.value === '' ? <em className="cap-empty">(empty)</em> : v.value}</td>
                <td>
                  <CopyButton text={`${v.name}=${v.value}`} label="Copy" />
                </td>
              </tr>
            )),
          )}
        </tbody>
      </table>
      {capture.notes.length > 0 ? (
        <>
          <h3>Java, .NET, Go</h3>
          <ul className="cap-notes">
            {capture.notes.map(n => (
              <li key={n}>
                <span className="mono cap-wrap">{n}</span>
                <CopyButton text={n.replace(/^Java: /, '')} label="Copy" />
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </div>
  )
}
