import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef } from 'react'
import type { LogEntrySummary } from '../../../../shared/contract'
import { invoke } from '../../bridge/bridge'
import { useEvent } from '../../bridge/use-event'
import { logKeys } from '../../domain/query-keys'
import { useConnectionStore } from '../../stores/connection-store'
import { EMPTY_LOG, type LogView, mergeList, upsertEntries } from './log-entries'
import { useLogStore } from './log-store'

const PAGE = 1000
const FLUSH_MS = 50

/** Every summary the engine's log holds, oldest first, read page by page (`log:list` answers newest first). */
async function fetchWholeLog(): Promise<{ entries: LogEntrySummary[]; capacity: number }> {
  const byId = new Map<string, LogEntrySummary>()
  let offset = 0
  let capacity = 2000
  for (let guard = 0; guard < 200; guard++) {
    const page = await invoke('log:list', { offset, limit: PAGE })
    capacity = page.capacity
    for (const e of page.entries) if (!byId.has(e.id)) byId.set(e.id, e)
    offset += page.entries.length
    if (page.entries.length === 0 || offset >= page.total) break
  }
  return { entries: [...byId.values()].sort((a, b) => a.seq - b.seq), capacity }
}

/** The query of the whole log; the feed, the drawer's count and the view share it (and so its options). */
function logQuery(client: QueryClient) {
  return {
    queryKey: logKeys.list,
    queryFn: async (): Promise<LogView> => {
      const { entries, capacity } = await fetchWholeLog()
      return mergeList(entries, capacity, client.getQueryData<LogView>(logKeys.list))
    },
    // Thousands of entries: no deep comparison on every batch of events.
    structuralSharing: false,
    staleTime: 5_000,
  }
}

const whole = (view: LogView) => view

/**
 * The log as the cache holds it (EMPTY_LOG until the first answer), or the part `select` picks (the component then
 * renders only when that part changes). Reading it never starts a fetch of its own: the feed does.
 */
export function useLogView(): LogView
export function useLogView<T>(select: (view: LogView) => T): T
export function useLogView<T>(select?: (view: LogView) => T): T | LogView {
  const client = useQueryClient()
  const pick: (view: LogView) => T | LogView = select ?? whole
  const query = useQuery<LogView, Error, T | LogView, typeof logKeys.list>({
    ...logQuery(client),
    select: pick,
    refetchOnMount: false,
    refetchOnWindowFocus: false,
  })
  return query.data ?? pick(EMPTY_LOG)
}

/**
 * Keeps the cached log in step with the engine: the whole list once (again after a clear, an import, a reconnect, or
 * when a gap in the sequence numbers shows that events were dropped, or `log:changed` says entries came in bulk), then
 * every `log:entry` written into the cache,
 * batched so a burst of thousands of events costs a few renders.
 */
export function useLogFeed(): void {
  const client = useQueryClient()
  useQuery(logQuery(client))
  const buffer = useRef<LogEntrySummary[]>([])
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null)
  const reload = useRef<ReturnType<typeof setTimeout> | null>(null)

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current)
      if (reload.current) clearTimeout(reload.current)
    },
    [],
  )

  const scheduleReload = () => {
    if (reload.current) clearTimeout(reload.current)
    reload.current = setTimeout(() => void client.invalidateQueries({ queryKey: logKeys.list }), 300)
  }

  useEvent('log:entry', summary => {
    buffer.current.push(summary)
    timer.current ??= setTimeout(() => {
      timer.current = null
      const batch = buffer.current
      buffer.current = []
      // The events carry the entries: they go into the cache (also before the first list arrives; the list merges them).
      const { view, gap } = upsertEntries(client.getQueryData<LogView>(logKeys.list) ?? EMPTY_LOG, batch)
      client.setQueryData<LogView>(logKeys.list, view)
      if (gap) scheduleReload()
    }, FLUSH_MS)
  })
  // A bulk import says once per slice that entries came, not once per entry: the list is re-read (debounced).
  useEvent('log:changed', () => scheduleReload())
  useEvent('log:cleared', () => {
    client.setQueryData<LogView>(logKeys.list, old => ({ ...(old ?? EMPTY_LOG), entries: [] }))
    useLogStore.getState().select(null)
    scheduleReload()
  })

  const connection = useConnectionStore(s => s.state)
  const wasClosed = useRef(false)
  useEffect(() => {
    if (connection === 'closed') wasClosed.current = true
    else if (connection === 'open' && wasClosed.current) {
      wasClosed.current = false
      void client.invalidateQueries({ queryKey: logKeys.list })
    }
  }, [connection, client])
}
