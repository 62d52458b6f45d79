import { useMutation, useQuery } from '@tanstack/react-query'
import type { RequestOf, ResponseOf } from '../../../../shared/contract'
import { invoke } from '../../bridge/bridge'
import { withEnvId } from '../../domain/env-scope'
import { logKeys } from '../../domain/query-keys'

/** `requests:save` of the draft in the environment's collection; `item` is built when the save starts. */
export function useSaveRequest(
  envId: string | null,
  item: (asNew: boolean) => RequestOf<'requests:save'>['item'],
  onSaved: (saved: ResponseOf<'requests:save'>) => void,
) {
  return useMutation({
    mutationFn: (asNew: boolean) => invoke('requests:save', { ...withEnvId(envId), item: item(asNew) }),
    onSuccess: onSaved,
  })
}

/** `requests:delete` of a saved request. */
export function useDeleteSaved(envId: string | null, onDeleted: () => void) {
  return useMutation({
    mutationFn: (id: string) => invoke('requests:delete', { id, ...withEnvId(envId) }),
    onSuccess: onDeleted,
  })
}

/** `requests:saveCollection` of the environment's collection. */
export function useSaveCollection(envId: string | null, onSaved: (r: ResponseOf<'requests:saveCollection'>) => void) {
  return useMutation({ mutationFn: () => invoke('requests:saveCollection', withEnvId(envId)), onSuccess: onSaved })
}

/** `requests:openCollection` of a collection file into the environment's collection. */
export function useOpenCollection(envId: string | null, onImported: (r: ResponseOf<'requests:openCollection'>) => void) {
  return useMutation({
    mutationFn: (text: string) => invoke('requests:openCollection', { text, ...withEnvId(envId) }),
    onSuccess: onImported,
  })
}

/** The compare picker's short list: the newest 200 log entries (`log:list`). */
export function useComparePicker() {
  return useQuery({ queryKey: logKeys.comparePicker, queryFn: () => invoke('log:list', { limit: 200 }), staleTime: 2000 })
}

/** `requests:snippet`: the draft or a log entry as a runnable program in `language`. */
export function fetchSnippet(request: RequestOf<'requests:snippet'>): Promise<ResponseOf<'requests:snippet'>> {
  return invoke('requests:snippet', request)
}
