import { useState } from 'react'
import type { HttpExchangeView } from '../../../shared/contract'
import { CodeEditor } from './code-editor'
import { ExchangeSummary } from './exchange-summary'
import './exchange-response.css'
import { HeadersTable } from './headers-table'
import { TimingBar } from './timing-bar'

type Tab = 'body' | 'response-headers' | 'request-headers'

function pretty(body: string, kind: HttpExchangeView['bodyKind']): string {
  if (kind !== 'json') return body
  try {
    return JSON.stringify(JSON.parse(body), null, 2)
  } catch {
    return body
  }
}

/**
 * An exchange's answer (Export tickets and the composer): status line, timings, the body in a read-only editor
 * (pretty-printed JSON), the headers both ways (redacted: the signature shows as a fingerprint), and the link into the
 * inspector for this exact request.
 */
export function ExchangeResponse({
  exchange,
  tickets,
  onInspect,
  onSubmit,
  statusLabel = 'Export status',
}: {
  exchange: HttpExchangeView
  /** The accessible name of the status line (the Requests view reuses this view). */
  statusLabel?: string
  tickets: number | null
  onInspect: () => void
  /** Ctrl/Cmd+Enter inside the editor (monaco keeps the key to itself): send again. */
  onSubmit: () => void
}) {
  const [tab, setTab] = useState<Tab>('body')
  const headers = tab === 'request-headers' ? exchange.requestHeaders : exchange.headers
  return (
    <section className="export-response" aria-label="Response">
      <header className="export-response__head">
        <h2>Response</h2>
        <button type="button" className="link-button" onClick={onInspect}>
          Open in inspector
        </button>
      </header>
      <ExchangeSummary exchange={exchange} label={statusLabel} />
      {tickets !== null ? (
        <p className="exchange-muted" data-testid="ticket-count">
          {tickets} ticket{tickets === 1 ? '' : 's'} · x-timestamp <span className="mono">{exchange.signing?.timestamp ?? '—'}</span>
        </p>
      ) : null}
      <TimingBar timings={exchange.timings} />
      {exchange.notes.length > 0 ? (
        <ul className="export-notes">
          {exchange.notes.map(n => (
            <li key={n}>{n}</li>
          ))}
        </ul>
      ) : null}
      <div className="export-tabs" role="tablist" aria-label="Response views">
        {(
          [
            ['body', 'Body'],
            ['response-headers', `Response headers (${exchange.headers.length})`],
            ['request-headers', `Request headers (${exchange.requestHeaders.length})`],
          ] as const
        ).map(([id, label]) => (
          <button
            key={id}
            type="button"
            role="tab"
            aria-selected={tab === id}
            className={`tab${tab === id ? ' tab--active' : ''}`}
            onClick={() => setTab(id)}
          >
            {label}
          </button>
        ))}
      </div>
      {tab === 'body' ? (
        <>
          {exchange.truncated ? (
            <p className="warn">
              Body truncated: {exchange.keptBytes} of {exchange.bodyBytes} bytes kept.
            </p>
          ) : null}
          <CodeEditor
            key={exchange.bodyKind === 'json' ? 'json' : 'text'}
            label="Response body"
            value={pretty(exchange.body, exchange.bodyKind)}
            language={exchange.bodyKind === 'json' ? 'json' : 'plaintext'}
            readOnly
            height={300}
            onSubmit={onSubmit}
          />
        </>
      ) : (
        <div className="table-box export-headers">
          <HeadersTable headers={headers} label={tab === 'request-headers' ? 'Request headers' : 'Response headers'} />
        </div>
      )}
    </section>
  )
}
