import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { EnvironmentChanged } from '../../../shared/contract'
import { invoke } from '../bridge/bridge'
import { useEvent } from '../bridge/use-event'
import { appKeys } from './query-keys/app'
import { envKeys } from './query-keys/env'

/** Every environment with details, the storage backend and the storage problems (`env:list`). */
export function useEnvironmentList() {
  return useQuery({ queryKey: envKeys.list, queryFn: () => invoke('env:list', {}) })
}

/** One environment's details (`env:get`): redirect URI as sent, catch mode, masked secret. */
export function useEnvironment(id: string | null) {
  return useQuery({ queryKey: envKeys.detail(id), queryFn: () => invoke('env:get', { id: id ?? '' }), enabled: id !== null })
}

/**
 * Refetches what depends on the environment list when the engine announces a change (another window, an import, the
 * switcher): app:info (switcher, status bar) and every env query. Activation changes what every panel shows, so it
 * refetches everything.
 */
export function useEnvironmentFeed(): void {
  const client = useQueryClient()
  useEvent('env:changed', (change: EnvironmentChanged) => {
    if (change.reason === 'activated') void client.invalidateQueries()
    else {
      void client.invalidateQueries({ queryKey: appKeys.info })
      void client.invalidateQueries({ queryKey: envKeys.all })
    }
  })
}

/**
 * Makes an environment the active one, then refetches every query: tokens, locations, quotas and sandbox controls all
 * belong to the active environment.
 */
export function useSetActiveEnvironment() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => invoke('env:setActive', { id }),
    onSuccess: () => client.invalidateQueries(),
  })
}
