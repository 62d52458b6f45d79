import { useState } from 'react'
import { ErrorBox } from '../../ui/error-box'
import { useDebounced } from '../../ui/use-debounced'
import { toDraft, useRequestsStore } from './requests-store'
import { useSentHistory } from './use-drafts'

/**
 * Every request sent from the composer (kept by the engine, newest first), searchable by method (`POST`), status
 * (`404`, `4xx`, `failed`) and any text of the path, headers or body, `-word` to leave out; one click reopens a request
 * in a new tab.
 */
export function SentHistoryList() {
  const [query, setQuery] = useState('')
  const debounced = useDebounced(query, 200)
  const history = useSentHistory(debounced)
  const load = useRequestsStore(s => s.load)
  const items = history.data?.items ?? []
  return (
    <section className="wb-sent" aria-label="Sent requests">
      <h2 className="wb-h">Sent</h2>
      <input
        className="input mono"
        type="search"
        aria-label="Search sent requests"
        placeholder="POST 4xx tickets -sandbox"
        title="Words that must all match: a method, a status (404, 4xx, failed), or text of the path, headers or body; -word leaves out"
        value={query}
        onChange={e => setQuery(e.target.value)}
      />
      <ErrorBox error={history.error} title="The history could not be read." />
      {history.data?.problem ? <p className="warn">{history.data.problem}</p> : null}
      {history.data ? (
        <p className="wb-muted" data-testid="sent-count">
          {debounced.trim() ? `${history.data.matched} of ${history.data.total}` : `${history.data.total} sent`}
        </p>
      ) : null}
      <ul>
        {items.map(item => (
          <li key={item.id}>
            <button
              type="button"
              className="wb-item"
              title={`${item.url}${item.error ? ` · ${item.error}` : ''} — opens in a new tab`}
              onClick={() =>
                load(
                  toDraft(item.request),
                  { kind: 'history', id: item.id, name: `${item.request.method} ${item.request.path}` },
                  { newTab: true },
                )
              }
            >
              <span className={`wb-method wb-method--${item.request.method.toLowerCase()} mono`}>{item.request.method}</span>{' '}
              <span className="mono">{item.request.path}</span>{' '}
              <span className={`wb-status wb-status--${Math.floor(item.status / 100)}xx`}>
                {item.status === 0 ? 'failed' : item.status}
              </span>{' '}
              <span className="wb-muted">{new Date(item.at).toLocaleTimeString()}</span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  )
}
