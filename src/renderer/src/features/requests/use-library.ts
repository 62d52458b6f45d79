import { useMutation, useQuery } from '@tanstack/react-query'
import type { RequestOf, ResponseOf } from '../../../../shared/contract'
import { invoke } from '../../bridge/bridge'
import { withEnvId } from '../../domain/env-scope'
import { logKeys } from '../../domain/query-keys'

/** `workbench:save` of the draft in the environment's collection; `item` is built when the save starts. */
export function useSaveRequest(
  envId: string | null,
  item: (asNew: boolean) => RequestOf<'workbench:save'>['item'],
  onSaved: (saved: ResponseOf<'workbench:save'>) => void,
) {
  return useMutation({
    mutationFn: (asNew: boolean) => invoke('workbench:save', { ...withEnvId(envId), item: item(asNew) }),
    onSuccess: onSaved,
  })
}

/** `workbench:delete` of a saved request. */
export function useDeleteSaved(envId: string | null, onDeleted: () => void) {
  return useMutation({
    mutationFn: (id: string) => invoke('workbench:delete', { id, ...withEnvId(envId) }),
    onSuccess: onDeleted,
  })
}

/** `workbench:export` of the environment's collection. */
export function useExportCollection(envId: string | null, onExported: (r: ResponseOf<'workbench:export'>) => void) {
  return useMutation({ mutationFn: () => invoke('workbench:export', withEnvId(envId)), onSuccess: onExported })
}

/** `workbench:import` of a collection file into the environment's collection. */
export function useImportCollection(envId: string | null, onImported: (r: ResponseOf<'workbench:import'>) => void) {
  return useMutation({
    mutationFn: (text: string) => invoke('workbench:import', { text, ...withEnvId(envId) }),
    onSuccess: onImported,
  })
}

/** The compare picker's short list: the newest 200 log entries (`log:list`). */
export function useComparePicker() {
  return useQuery({ queryKey: logKeys.comparePicker, queryFn: () => invoke('log:list', { limit: 200 }), staleTime: 2000 })
}

/** `workbench:snippet`: the draft or a log entry as a runnable program in `language`. */
export function fetchSnippet(request: RequestOf<'workbench:snippet'>): Promise<ResponseOf<'workbench:snippet'>> {
  return invoke('workbench:snippet', request)
}
