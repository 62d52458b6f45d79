import { useEffect, useState } from 'react'
import { useEnvironmentList, useSetActiveEnvironment } from '../../domain/environments'
import { useCommandStore } from '../../stores/command-store'
import { ErrorBox } from '../../ui/error-box'
import { EnvironmentDetailView } from './environment-detail'
import { EnvironmentForm } from './environment-form'
import { EnvironmentTable } from './environment-table'
import { OpenFileBox } from './open-file-box'
import { SaveFileBox } from './save-file-box'
import { StorageBox } from './storage-box'
import './environments.css'

type View = { kind: 'detail' } | { kind: 'create' } | { kind: 'edit'; id: string } | { kind: 'import' } | { kind: 'export' }

/** Environments: the built-in sandbox and the user's own servers — list, create, edit, duplicate, delete, import, export. */
export function EnvironmentsPanel() {
  const list = useEnvironmentList()
  const setActive = useSetActiveEnvironment()
  const [view, setView] = useState<View>({ kind: 'detail' })
  const [selectedId, setSelectedId] = useState<string | null>(null)

  useEffect(() => {
    return useCommandStore.getState().register([
      { id: 'env:new', title: 'Environments: new environment', run: () => setView({ kind: 'create' }) },
      { id: 'environments:openFile', title: 'Environments: import', run: () => setView({ kind: 'import' }) },
      { id: 'environments:saveFile', title: 'Environments: export', run: () => setView({ kind: 'export' }) },
    ])
  }, [])

  if (list.isLoading) return <div className="loading">Reading the environments…</div>
  // A refresh that fails keeps the list on screen (with the error above it): only a first read that fails has nothing to show.
  if (!list.data) {
    return (
      <div className="panel">
        <h1>Environments</h1>
        <ErrorBox error={list.error} title="Could not read the environments." onRetry={() => list.refetch()} />
      </div>
    )
  }
  const data = list.data
  const selected = data.environments.find(e => e.id === (selectedId ?? data.activeId)) ?? data.environments[0] ?? null
  const editing = view.kind === 'edit' ? (data.environments.find(e => e.id === view.id) ?? null) : null
  return (
    <div className="panel environments">
      <div className="environments__head">
        <h1>Environments</h1>
        <div className="env-form__actions">
          <button type="button" className="btn btn--primary" onClick={() => setView({ kind: 'create' })}>
            New environment
          </button>
          <button type="button" className="btn" onClick={() => setView({ kind: 'import' })}>
            Open file…
          </button>
          <button type="button" className="btn" onClick={() => setView({ kind: 'export' })}>
            Save to file…
          </button>
        </div>
      </div>
      <p className="lead">The built-in sandbox and your own servers. Secrets are stored encrypted and only ever shown masked.</p>
      <ErrorBox error={list.error} title="Could not refresh the environments." onRetry={() => list.refetch()} />
      <StorageBox list={data} />
      <EnvironmentTable
        environments={data.environments}
        activeId={data.activeId}
        selectedId={selected?.id ?? null}
        onSelect={id => {
          setSelectedId(id)
          setView({ kind: 'detail' })
        }}
        onActivate={id => setActive.mutate(id)}
        activating={setActive.isPending ? (setActive.variables ?? null) : null}
      />
      <ErrorBox error={setActive.error} title="Could not switch." />
      <div className="environments__body">
        {view.kind === 'create' || (view.kind === 'edit' && editing) ? (
          <EnvironmentForm
            key={view.kind === 'edit' ? view.id : 'new'}
            editing={editing}
            storage={data.storage}
            onDone={env => {
              setSelectedId(env.id)
              setView({ kind: 'detail' })
            }}
            onCancel={() => setView({ kind: 'detail' })}
          />
        ) : view.kind === 'import' ? (
          <OpenFileBox storage={data.storage} onClose={() => setView({ kind: 'detail' })} />
        ) : view.kind === 'export' ? (
          <SaveFileBox environments={data.environments} onClose={() => setView({ kind: 'detail' })} />
        ) : selected ? (
          <EnvironmentDetailView
            key={selected.id}
            env={selected}
            onEdit={() => setView({ kind: 'edit', id: selected.id })}
            onDuplicated={env => setSelectedId(env.id)}
            onDeleted={() => setSelectedId(null)}
          />
        ) : (
          <p className="empty">No environment yet — create one, or import an export file.</p>
        )}
      </div>
    </div>
  )
}
