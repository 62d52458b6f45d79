import { useQueryClient } from '@tanstack/react-query'
import { useRef, useState } from 'react'
import { requestsKeys } from '../../domain/query-keys'
import { ErrorBox } from '../../ui/error-box'
import { CATALOGUE } from './catalogue'
import { sortImportFiles } from './import-files'
import { toDraft, useRequestsStore } from './requests-store'
import { SentHistoryList } from './sent-history'
import { usePostmanImport } from './use-imports'
import { useDeleteSaved, useOpenCollection, useSaveCollection } from './use-library'
import { useCollection, useHistory } from './use-requests'

/** The left column: the spec's catalogue, the environment's saved requests (export/import, history), the sent ones. */
export function RequestLibrary({ envId }: { envId: string | null }) {
  const load = useRequestsStore(s => s.load)
  const origin = useRequestsStore(s => s.origin)
  return (
    <nav className="wb-library" aria-label="Requests library">
      <h2 className="wb-h">Catalogue</h2>
      {CATALOGUE.map(g => (
        <details key={g.id} open={g.id !== 'oauth'} className="wb-group">
          <summary>
            <span>{g.title}</span> <span className="wb-muted">· {g.limit}</span>
            {g.illustrative ? (
              <span className="badge" title="The spec does not show these paths: plausible ones are used (docs/requests.md)">
                illustrative paths
              </span>
            ) : null}
          </summary>
          <ul>
            {g.items.map(item => (
              <li key={item.id}>
                <button
                  type="button"
                  className={`wb-item${origin.kind === 'catalogue' && origin.id === item.id ? ' wb-item--active' : ''}`}
                  title={item.note}
                  onClick={() =>
                    load(structuredClone(item.draft), {
                      kind: 'catalogue',
                      id: item.id,
                      name: item.name,
                      notes: item.note ? [item.note] : [],
                    })
                  }
                >
                  <span className={`wb-method wb-method--${item.draft.method.toLowerCase()} mono`}>{item.draft.method}</span> {item.name}
                </button>
              </li>
            ))}
          </ul>
        </details>
      ))}
      <Collection envId={envId} />
      <SentHistoryList />
    </nav>
  )
}

function Collection({ envId }: { envId: string | null }) {
  const collection = useCollection(envId)
  const load = useRequestsStore(s => s.load)
  const origin = useRequestsStore(s => s.origin)
  const client = useQueryClient()
  const file = useRef<HTMLInputElement>(null)
  const [message, setMessage] = useState<string | null>(null)
  const refresh = () => void client.invalidateQueries({ queryKey: requestsKeys.collections })
  const remove = useDeleteSaved(envId, refresh)
  const exportIt = useSaveCollection(envId, r => {
    const url = URL.createObjectURL(new Blob([r.text], { type: 'application/json' }))
    const a = document.createElement('a')
    a.href = url
    a.download = 'partner-console-collection.json'
    a.click()
    URL.revokeObjectURL(url)
    setMessage(`Saved ${r.count} request${r.count === 1 ? '' : 's'}.`)
  })
  const importIt = useOpenCollection(envId, r => {
    refresh()
    setMessage(
      `Imported ${r.added}${r.renamed ? `, ${r.renamed} renamed (the name was taken)` : ''}${r.skipped.length ? `; skipped ${r.skipped.length}: ${r.skipped.map(s => `#${s.index + 1} ${s.problem}`).join('; ')}` : ''}.`,
    )
  })
  const postman = usePostmanImport(envId, r => {
    refresh()
    setMessage(
      `Imported ${r.added} from Postman${r.renamed ? `, ${r.renamed} renamed (the name was taken)` : ''}${r.skipped.length ? `; skipped ${r.skipped.length}: ${r.skipped.map(s => s.problem).join('; ')}` : ''}.${r.notes.length ? ` ${r.notes.join(' ')}` : ''}`,
    )
  })
  const requests = collection.data?.requests ?? []
  return (
    <section aria-label="Saved requests">
      <h2 className="wb-h">Saved in this environment</h2>
      <div className="wb-line">
        <button type="button" className="btn btn--small" onClick={() => exportIt.mutate()} disabled={requests.length === 0}>
          Save to file
        </button>
        <button
          type="button"
          className="btn btn--small"
          onClick={() => file.current?.click()}
          title="A collection exported here, or a Postman collection v2.1 (with its environment file, chosen together)"
        >
          Open file…
        </button>
        <input
          ref={file}
          type="file"
          accept="application/json,.json"
          multiple
          hidden
          aria-label="Collection file"
          onChange={async e => {
            const files = [...(e.target.files ?? [])]
            e.target.value = ''
            const chosen = sortImportFiles(await Promise.all(files.map(f => f.text())))
            if (chosen.postman)
              postman.mutate({
                collection: chosen.postman,
                ...(chosen.postmanEnvironment ? { environment: chosen.postmanEnvironment } : {}),
              })
            for (const text of chosen.console) importIt.mutate(text)
          }}
        />
      </div>
      {message ? (
        <p className="wb-muted" role="status">
          {message}
        </p>
      ) : null}
      <ErrorBox error={collection.error ?? importIt.error ?? postman.error ?? exportIt.error ?? remove.error} />
      {requests.length === 0 && !collection.isLoading ? (
        <p className="empty">Nothing saved yet: “Save to collection” under the composer.</p>
      ) : null}
      <ul>
        {requests.map(r => (
          <li key={r.id} className="wb-saved">
            <button
              type="button"
              className={`wb-item${origin.kind === 'saved' && origin.id === r.id ? ' wb-item--active' : ''}`}
              onClick={() => load(toDraft(r.request), { kind: 'saved', id: r.id, name: r.name, folder: r.folder })}
            >
              <span className={`wb-method wb-method--${r.request.method.toLowerCase()} mono`}>{r.request.method}</span>{' '}
              {r.folder ? <span className="wb-muted">{r.folder} / </span> : null}
              {r.name}
            </button>
            <button type="button" className="btn btn--small" aria-label={`Delete ${r.name}`} onClick={() => remove.mutate(r.id)}>
              ✕
            </button>
          </li>
        ))}
      </ul>
      {origin.kind === 'saved' && origin.id ? <History envId={envId} id={origin.id} /> : null}
    </section>
  )
}

function History({ envId, id }: { envId: string | null; id: string }) {
  const history = useHistory(envId, id)
  const items = history.data?.items ?? []
  return (
    <section className="wb-history" aria-label="History">
      <h3 className="wb-h">Last responses</h3>
      {items.length === 0 ? <p className="empty">None yet: send it.</p> : null}
      <ul>
        {items.map(h => (
          <li key={`${h.at}-${h.logId}`} className="mono">
            <span className={`wb-status wb-status--${Math.floor(h.status / 100)}xx`}>{h.status}</span> {new Date(h.at).toLocaleTimeString()}{' '}
            · {Math.round(h.durationMs)} ms
          </li>
        ))}
      </ul>
    </section>
  )
}
