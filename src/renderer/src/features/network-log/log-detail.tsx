import { useState } from 'react'
import type { LogEntry, LogEntrySummary } from '../../../../shared/contract'
import { ErrorBox } from '../../ui/error-box'
import { HeadersTable } from '../../ui/headers-table'
import { RedactedText } from '../../ui/redacted-text'
import { BodyView } from './body-view'
import { CapturedSignature } from './captured-signature'
import { ConnectionExplainer } from './connection-explainer'
import { CurlActions } from './curl-actions'
import { formatBytes, formatMs } from './log-format'
import { RequestActions } from './request-actions'
import { TimingWaterfall } from './timing-waterfall'
import { useLogEntry } from './use-log-actions'

const SOURCE_TEXT: Record<LogEntry['source'], string> = {
  console: 'console (sent by this console)',
  captured: 'captured (sent by your integration through the capture)',
  operator: 'sandbox operator (the console driving the sandbox)',
}

const TABS = ['Headers', 'Request', 'Response', 'Timing', 'Connection'] as const
type Tab = (typeof TABS)[number]

function General({ e }: { e: LogEntry }) {
  return (
    <dl className="netlog-facts">
      <dt>URL</dt>
      <dd className="mono netlog-facts__url">
        <RedactedText text={e.url} />
      </dd>
      <dt>Status</dt>
      <dd className="mono">{e.state === 'pending' ? 'pending…' : e.status ? `${e.status} ${e.statusText}` : 'no response'}</dd>
      {e.error ? (
        <>
          <dt>Error</dt>
          <dd className="netlog-facts__error">{e.error}</dd>
        </>
      ) : null}
      <dt>Purpose</dt>
      <dd>
        {e.purpose} · auth {e.auth} · attempt {e.attempt}
        {e.imported ? ' · imported from a HAR file' : ''}
      </dd>
      <dt>Source</dt>
      <dd data-testid="log-source">
        {SOURCE_TEXT[e.source]}
        {e.client ? (
          <span className="mono">
            {' '}
            · {e.client.userAgent ?? 'no user agent'} · {e.client.peerAddress}:{e.client.peerPort}
          </span>
        ) : null}
      </dd>
      <dt>Started</dt>
      <dd className="mono">
        {new Date(e.startedAt).toLocaleString()} · {formatMs(e.durationMs)} · {formatBytes(e.responseBytes)} · {e.httpVersion}
      </dd>
      {e.notes.length > 0 ? (
        <>
          <dt>Notes</dt>
          <dd>
            {e.notes.map(n => (
              <div key={n}>{n}</div>
            ))}
          </dd>
        </>
      ) : null}
    </dl>
  )
}

/**
 * One exchange in full (`log:get`, redacted by the engine): headers, bodies in read-only monaco, the timing waterfall,
 * and copy as cURL.
 */
export function LogDetail({ summary, onClose }: { summary: LogEntrySummary; onClose: () => void }) {
  const [tab, setTab] = useState<Tab>('Headers')
  const entry = useLogEntry(summary)
  const e = entry.data
  return (
    <section className="netlog-detail" aria-label="Entry detail">
      <header className="netlog-detail__bar">
        <div className="netlog-detail__tabs">
          {TABS.map(t => (
            <button
              key={t}
              type="button"
              className={`tab${t === tab ? ' tab--active' : ''}`}
              aria-pressed={t === tab}
              onClick={() => setTab(t)}
            >
              {t}
            </button>
          ))}
        </div>
        <span className="netlog-detail__title mono" title={summary.url}>
          {summary.method} {summary.path}
        </span>
        <button type="button" className="btn btn--small" onClick={onClose} aria-label="Close the detail">
          ✕
        </button>
      </header>
      <div className="netlog-detail__body">
        {entry.isLoading ? <p className="loading">Reading the entry…</p> : null}
        <ErrorBox error={entry.error} title="The entry could not be read." onRetry={() => void entry.refetch()} />
        {e && tab === 'Headers' ? (
          <>
            <General e={e} />
            {e.source === 'captured' && e.auth === 'hmac' ? <CapturedSignature entry={e} /> : null}
            <CurlActions id={e.id} live={!e.imported && e.auth !== 'none'} />
            <RequestActions id={e.id} />
            <h3 className="netlog-detail__h">Request headers</h3>
            <HeadersTable headers={e.requestHeaders} label="Request headers" />
            <h3 className="netlog-detail__h">Response headers</h3>
            <HeadersTable headers={e.responseHeaders} label="Response headers" />
          </>
        ) : null}
        {e && tab === 'Request' ? <BodyView body={e.requestBody} label="Request body" /> : null}
        {e && tab === 'Response' ? <BodyView body={e.responseBody} label="Response body" /> : null}
        {e && tab === 'Timing' ? (
          e.timings ? (
            <TimingWaterfall timings={e.timings} />
          ) : (
            <p className="empty">
              {e.state === 'pending' ? 'Still in flight: timings arrive with the response.' : 'No timings were recorded for this entry.'}
            </p>
          )
        ) : null}
        {e && tab === 'Connection' ? <ConnectionExplainer connection={e.connection} /> : null}
      </div>
    </section>
  )
}
