import { useMutation, useQueryClient } from '@tanstack/react-query'
import { invoke } from '../../bridge/bridge'
import { quotaKeys } from '../../domain/query-keys'

/** `quota:reset`: forgets the local ledger and blocks of one key (or all); the server's own counts stay. */
export function useResetQuotas() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (key?: string) => invoke('quota:reset', key ? { key } : {}),
    onSettled: () => client.invalidateQueries({ queryKey: quotaKeys.list }),
  })
}

/** Sends GET locations (docs/api.md#locations) through the engine: the request a user makes to watch a gauge move. */
export function useProbeLocations() {
  return useMutation({ mutationFn: (force: boolean) => invoke('http:listLocations', force ? { force: true } : {}) })
}
