import { useQuery, useQueryClient } from '@tanstack/react-query'
import { invoke } from '../bridge/bridge'
import { useEvent } from '../bridge/use-event'
import { quotaKeys, requestsKeys } from './query-keys'
import { applyQuotaBlocked, applyQuotaUpdate, type QuotaView, withBlocks } from './quota-cache'

/**
 * `quota:list` with the blocks events reported (see quota-cache.ts); `refetchMs` re-reads it as the window slides.
 * Kept live by useQuotaFeed.
 */
export function useQuotaList(refetchMs?: number) {
  const client = useQueryClient()
  return useQuery({
    queryKey: quotaKeys.list,
    queryFn: async ({ signal }): Promise<QuotaView> =>
      withBlocks(await invoke('quota:list', {}, { signal }), client.getQueryData<QuotaView>(quotaKeys.list)),
    refetchInterval: refetchMs,
  })
}

/**
 * Keeps the quota cache current for the whole app: the list once (and whenever it is refetched), then every
 * `quota:update` and `quota:blocked` event written into it; an update also makes the composer's predictions stale.
 * Mounted once beside the query client (frame/live-updates.ts).
 */
export function useQuotaFeed(): void {
  const client = useQueryClient()
  useQuotaList()
  useEvent('quota:update', state => {
    applyQuotaUpdate(client, state)
    void client.invalidateQueries({ queryKey: requestsKeys.predictions })
  })
  useEvent('quota:blocked', event => applyQuotaBlocked(client, event))
}
