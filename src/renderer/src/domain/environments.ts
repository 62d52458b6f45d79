import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { invoke } from '../bridge/bridge'
import { useEvent } from '../bridge/use-event'
import { applyEnvironmentChange } from './environment-cache'
import { environmentsKeys } from './query-keys'

/** Every environment with details, the storage backend and the storage problems (`environments:list`). */
export function useEnvironmentList() {
  return useQuery({ queryKey: environmentsKeys.list, queryFn: () => invoke('environments:list', {}) })
}

/** One environment's details (`environments:get`): redirect URI as sent, catch mode, masked secret. */
export function useEnvironment(id: string | null) {
  return useQuery({
    queryKey: environmentsKeys.detail(id),
    queryFn: () => invoke('environments:get', { id: id ?? '' }),
    enabled: id !== null,
  })
}

/**
 * Keeps app:info and the environment queries current from `environments:changed` (see environment-cache.ts). Mounted once
 * beside the query client (frame/live-updates.ts).
 */
export function useEnvironmentFeed(): void {
  const client = useQueryClient()
  useEvent('environments:changed', change => applyEnvironmentChange(client, change))
}

/**
 * Makes an environment the active one, then refetches every query: tokens, locations, quotas and sandbox controls all
 * belong to the active environment.
 */
export function useSetActiveEnvironment() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => invoke('environments:setActive', { id }),
    onSuccess: () => client.invalidateQueries(),
  })
}
