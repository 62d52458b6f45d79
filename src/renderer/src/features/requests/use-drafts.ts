import { useQuery } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { invoke } from '../../bridge/bridge'
import { requestsKeys } from '../../domain/query-keys'
import { useRequestsStore } from './requests-store'

/** How long the tabs wait for more edits before they are handed to the engine (which writes them to disk). */
const SAVE_AFTER_MS = 300

/**
 * Keeps the composer's tabs in the engine (`drafts:load` once, then `drafts:save` after every change settles, and at
 * once when the panel goes or the page is left), so they survive a reload, a restart and the desktop/web switch.
 * Returns what went wrong keeping them (a write error, an unreadable file moved aside), or null.
 */
export function useDraftSync(): string | null {
  const [problem, setProblem] = useState<string | null>(null)
  useEffect(() => {
    let live = true
    let timer: ReturnType<typeof setTimeout> | null = null
    let unsubscribe = () => {}
    const save = () => {
      timer = null
      const s = useRequestsStore.getState()
      invoke('drafts:save', { workspace: { tabs: s.tabs, activeId: s.activeId } })
        .then(r => live && setProblem(r.problem))
        .catch((error: Error) => live && setProblem(`The open tabs could not be kept: ${error.message}`))
    }
    const flush = () => {
      if (timer) clearTimeout(timer)
      if (timer) save()
    }
    invoke('drafts:load', {})
      .then(workspace => {
        if (!live) return
        useRequestsStore.getState().hydrate(workspace)
        if (workspace.movedAside) setProblem(`The kept tabs could not be read; the file was moved to ${workspace.movedAside}.`)
        unsubscribe = useRequestsStore.subscribe((s, prev) => {
          if (s.tabs === prev.tabs && s.activeId === prev.activeId) return
          if (timer) clearTimeout(timer)
          timer = setTimeout(save, SAVE_AFTER_MS)
        })
        // What was opened or typed before the kept tabs arrived was merged into them: keep that too.
        if (useRequestsStore.getState().tabs.length !== workspace.tabs.length) timer = setTimeout(save, SAVE_AFTER_MS)
      })
      .catch((error: Error) => live && setProblem(`The kept tabs could not be loaded: ${error.message}`))
    window.addEventListener('pagehide', flush)
    return () => {
      flush()
      live = false
      unsubscribe()
      window.removeEventListener('pagehide', flush)
    }
  }, [])
  return problem
}

/** The history of composer sends matching `query` (`drafts:history`), newest first. */
export function useSentHistory(query: string) {
  return useQuery({
    queryKey: requestsKeys.sent(query),
    queryFn: ({ signal }) => invoke('drafts:history', { query, limit: 100 }, { signal }),
  })
}
