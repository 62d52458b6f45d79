import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef, useState } from 'react'
import { requestsKeys } from '../../domain/query-keys'
import { ErrorBox } from '../../ui/error-box'
import { useRequestsStore } from './requests-store'
import { useSaveRequest } from './use-library'
import { toRequest } from './use-requests'

/** Saves the draft in the environment's collection (a new request, or the saved one it was opened from); Ctrl/⌘+S. */
export function SaveBox({ envId, onSaved }: { envId: string | null; onSaved: (name: string) => void }) {
  const origin = useRequestsStore(s => s.origin)
  const [name, setName] = useState(origin.name ?? '')
  const [folder, setFolder] = useState(origin.folder ?? '')
  const client = useQueryClient()
  const save = useSaveRequest(
    envId,
    asNew => ({
      ...(origin.kind === 'saved' && !asNew ? { id: origin.id } : {}),
      name: name.trim() || 'Untitled',
      folder: folder.trim(),
      request: toRequest(useRequestsStore.getState().draft),
    }),
    saved => {
      useRequestsStore.getState().markSaved({ kind: 'saved', id: saved.id, name: saved.name, folder: saved.folder })
      void client.invalidateQueries({ queryKey: requestsKeys.collections })
      onSaved(saved.name)
    },
  )
  // Ctrl/⌘+S saves the tab in front (as the Save button does).
  const latest = useRef(() => save.mutate(false))
  latest.current = () => {
    if (!save.isPending) save.mutate(false)
  }
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!(e.ctrlKey || e.metaKey) || e.shiftKey || e.key.toLowerCase() !== 's') return
      e.preventDefault()
      latest.current()
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [])
  return (
    <div className="wb-save">
      <input
        className="input"
        aria-label="Request name"
        placeholder="Name to save as"
        value={name}
        onChange={e => setName(e.target.value)}
      />
      <input
        className="input"
        aria-label="Folder"
        placeholder="Folder (optional)"
        value={folder}
        onChange={e => setFolder(e.target.value)}
      />
      <button type="button" className="btn btn--small" disabled={save.isPending} onClick={() => save.mutate(false)}>
        {origin.kind === 'saved' ? 'Save' : 'Save to collection'}
      </button>
      {origin.kind === 'saved' ? (
        <button type="button" className="btn btn--small" disabled={save.isPending} onClick={() => save.mutate(true)}>
          Save as new
        </button>
      ) : null}
      <ErrorBox error={save.error} title="Not saved." />
    </div>
  )
}
