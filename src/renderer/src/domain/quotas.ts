import { useQuery } from '@tanstack/react-query'
import { useEffect } from 'react'
import { invoke } from '../bridge/bridge'
import { useEvent } from '../bridge/use-event'
import { quotaKeys } from './query-keys/quota'
import { useQuotaStore } from './quota-store'

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
