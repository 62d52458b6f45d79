import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { EnvironmentDetail, RequestOf } from '../../../../shared/contract'
import { invoke } from '../../bridge/bridge'
import { appKeys, envKeys } from '../../domain/query-keys'

/** After a change: the environment queries and app:info (the switcher's list) are read again. */
function useRefreshEnvironments(): () => void {
  const client = useQueryClient()
  return () => {
    void client.invalidateQueries({ queryKey: envKeys.all })
    void client.invalidateQueries({ queryKey: appKeys.info })
  }
}

/** What the form saves: a new environment (`env:create`) or changes to one (`env:update`). */
export type EnvironmentSave = { create: RequestOf<'env:create'> } | { update: RequestOf<'env:update'> }

/** Creates or updates an environment; `request` is read when the save starts, `onDone` gets the saved environment. */
export function useSaveEnvironment(request: () => EnvironmentSave, onDone: (env: EnvironmentDetail) => void) {
  const refresh = useRefreshEnvironments()
  return useMutation({
    mutationFn: async () => {
      const save = request()
      return 'create' in save ? invoke('env:create', save.create) : invoke('env:update', save.update)
    },
    onSuccess: env => {
      refresh()
      onDone(env)
    },
  })
}

/** `env:duplicate` of one environment; `onDuplicated` gets the copy. */
export function useDuplicateEnvironment(id: string, onDuplicated: (copy: EnvironmentDetail) => void) {
  const refresh = useRefreshEnvironments()
  return useMutation({
    mutationFn: () => invoke('env:duplicate', { id }),
    onSuccess: copy => {
      refresh()
      onDuplicated(copy)
    },
  })
}

/** `env:delete` of one environment. */
export function useDeleteEnvironment(id: string, onDeleted: () => void) {
  const refresh = useRefreshEnvironments()
  return useMutation({
    mutationFn: () => invoke('env:delete', { id }),
    onSuccess: () => {
      refresh()
      onDeleted()
    },
  })
}

/** `env:import` of an export file; `mutate(true)` only checks (dry run), `mutate(false)` imports and refreshes. */
export function useImportEnvironments(request: Omit<RequestOf<'env:import'>, 'dryRun'>) {
  const refresh = useRefreshEnvironments()
  return useMutation({
    mutationFn: (dryRun: boolean) => invoke('env:import', { ...request, dryRun }),
    onSuccess: r => {
      if (!r.dryRun) refresh()
    },
  })
}

/** `env:export` of the chosen environments, with their secrets only when asked. */
export function useExportEnvironments(request: RequestOf<'env:export'>) {
  return useMutation({ mutationFn: () => invoke('env:export', request) })
}

/**
 * Asks the engine for an environment's client secret (`env:revealSecret`) for an explicit reveal or copy (HMAC
 * snippets need it, the built-in sandbox's included). Returned to the caller only: never cached, never in a store.
 * The engine refuses it in presenter mode.
 */
export async function revealClientSecret(id: string): Promise<string> {
  return (await invoke('env:revealSecret', { id })).value
}
