import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { EnvironmentDetail, RequestOf } from '../../../../shared/contract'
import { invoke } from '../../bridge/bridge'
import { appKeys, environmentsKeys } from '../../domain/query-keys'

/** After a change: the environment queries and app:info (the switcher's list) are read again. */
function useRefreshEnvironments(): () => void {
  const client = useQueryClient()
  return () => {
    void client.invalidateQueries({ queryKey: environmentsKeys.all })
    void client.invalidateQueries({ queryKey: appKeys.info })
  }
}

/** What the form saves: a new environment (`environments:create`) or changes to one (`environments:update`). */
export type EnvironmentSave = { create: RequestOf<'environments:create'> } | { update: RequestOf<'environments:update'> }

/** Creates or updates an environment; `request` is read when the save starts, `onDone` gets the saved environment. */
export function useSaveEnvironment(request: () => EnvironmentSave, onDone: (env: EnvironmentDetail) => void) {
  const refresh = useRefreshEnvironments()
  return useMutation({
    mutationFn: async () => {
      const save = request()
      return 'create' in save ? invoke('environments:create', save.create) : invoke('environments:update', save.update)
    },
    onSuccess: env => {
      refresh()
      onDone(env)
    },
  })
}

/** `environments:duplicate` of one environment; `onDuplicated` gets the copy. */
export function useDuplicateEnvironment(id: string, onDuplicated: (copy: EnvironmentDetail) => void) {
  const refresh = useRefreshEnvironments()
  return useMutation({
    mutationFn: () => invoke('environments:duplicate', { id }),
    onSuccess: copy => {
      refresh()
      onDuplicated(copy)
    },
  })
}

/** `environments:delete` of one environment. */
export function useDeleteEnvironment(id: string, onDeleted: () => void) {
  const refresh = useRefreshEnvironments()
  return useMutation({
    mutationFn: () => invoke('environments:delete', { id }),
    onSuccess: () => {
      refresh()
      onDeleted()
    },
  })
}

/** `environments:openFile` of an export file; `mutate(true)` only checks (dry run), `mutate(false)` imports and refreshes. */
export function useOpenEnvironmentsFile(request: Omit<RequestOf<'environments:openFile'>, 'dryRun'>) {
  const refresh = useRefreshEnvironments()
  return useMutation({
    mutationFn: (dryRun: boolean) => invoke('environments:openFile', { ...request, dryRun }),
    onSuccess: r => {
      if (!r.dryRun) refresh()
    },
  })
}

/** `environments:saveFile` of the chosen environments, with their secrets only when asked. */
export function useSaveEnvironmentsFile(request: RequestOf<'environments:saveFile'>) {
  return useMutation({ mutationFn: () => invoke('environments:saveFile', request) })
}

/**
 * Asks the engine for an environment's client secret (`environments:revealSecret`) for an explicit reveal or copy (HMAC
 * snippets need it, the built-in sandbox's included). Returned to the caller only: never cached, never in a store.
 * The engine refuses it in presenter mode.
 */
export async function revealClientSecret(id: string): Promise<string> {
  return (await invoke('environments:revealSecret', { id })).value
}
