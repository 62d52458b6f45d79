import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef } from 'react'
import type { LogEntrySummary } from '../../../../shared/contract'
import { invoke } from '../../bridge/bridge'
import { useEvent } from '../../bridge/use-event'
import { logKeys } from '../../domain/query-keys/log'
import { useConnectionStore } from '../../stores/connection-store'
import { useLogStore } from './log-store'

const PAGE = 1000
const FLUSH_MS = 50

/** Every summary the engine's log holds, oldest first, read page by page (`log:list` answers newest first). */
export async function fetchWholeLog(): Promise<{ entries: LogEntrySummary[]; capacity: number }> {
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

/**
 * Keeps the log store in step with the engine: the whole list once (again after a clear, an import, a reconnect, or
 * when a gap in the sequence numbers shows that events were dropped), then every `log:entry`, batched so a burst of
 * thousands of events costs a few renders.
 */
export function useLogFeed(): void {
  const client = useQueryClient()
  const list = useQuery({ queryKey: logKeys.list, queryFn: fetchWholeLog, structuralSharing: false, staleTime: 5_000 })
  const buffer = useRef<LogEntrySummary[]>([])
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null)
  const reload = useRef<ReturnType<typeof setTimeout> | null>(null)

  useEffect(() => {
    if (list.data) useLogStore.getState().replace(list.data.entries, list.data.capacity)
  }, [list.data])

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
      if (useLogStore.getState().upsert(batch)) scheduleReload()
    }, FLUSH_MS)
  })
  useEvent('log:cleared', () => {
    useLogStore.getState().clear()
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
