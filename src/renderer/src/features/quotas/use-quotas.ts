import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { invoke } from '../../bridge/bridge'
import { useEvent } from '../../bridge/use-event'
import { useQuotaStore } from './quota-store'

export const quotaKeys = { list: ['quota', 'list'] as const }

/** `quota:list`: every key's gauges and the limit configuration; `refetchMs` re-reads it as the window slides. */
export function useQuotaList(refetchMs?: number) {
  return useQuery({ queryKey: quotaKeys.list, queryFn: () => invoke('quota:list', {}), refetchInterval: refetchMs })
}

/**
 * Keeps the quota store current for the whole app: the list once (and whenever it is refetched), then every
 * `quota:update` and `quota:blocked` event. Mounted by the status bar, which is always on screen.
 */
export function useQuotaFeed(): void {
  const list = useQuotaList()
  const replace = useQuotaStore(s => s.replace)
  useEffect(() => {
    if (list.data) replace(list.data.keys)
  }, [list.data, replace])
  useEvent('quota:update', state => useQuotaStore.getState().update(state))
  useEvent('quota:blocked', event => useQuotaStore.getState().block(event))
}

/** `quota:reset`: forgets the local ledger and blocks of one key (or all); the server's own counts stay. */
export function useResetQuotas() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (key?: string) => invoke('quota:reset', key ? { key } : {}),
    onSettled: () => client.invalidateQueries({ queryKey: quotaKeys.list }),
  })
}

/** Sends GET locations (spec 4.4) through the engine: the request a user makes to watch a gauge move. */
export function useProbeLocations() {
  return useMutation({ mutationFn: (force: boolean) => invoke('http:listLocations', force ? { force: true } : {}) })
}
