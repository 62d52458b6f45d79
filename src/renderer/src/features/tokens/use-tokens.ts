import { useMutation, useQueryClient } from '@tanstack/react-query'
import { invoke } from '../../bridge/bridge'
import { withEnvId } from '../../domain/env-scope'
import { authKeys } from '../../domain/query-keys'

/** Runs the refresh grant (docs/api.md#token-refresh) now (`oauth:refresh`). */
export function useRefreshTokens(envId: string | null) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: () => invoke('oauth:refresh', withEnvId(envId)),
    onSuccess: view => client.setQueryData(authKeys.tokens(view.envId), view),
    onSettled: () => client.invalidateQueries({ queryKey: authKeys.all }),
  })
}

/** Forgets the environment's tokens (`oauth:forget`). */
export function useForgetTokens(envId: string | null) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: () => invoke('oauth:forget', withEnvId(envId)),
    onSettled: () => client.invalidateQueries({ queryKey: authKeys.all }),
  })
}

/**
 * Asks the engine for a token's value (`oauth:revealToken`) for an explicit reveal or copy. The value is returned to
 * the caller only: it is never put in the query cache or a store.
 */
export async function revealToken(envId: string | null, kind: 'access' | 'refresh'): Promise<string> {
  const answer = await invoke('oauth:revealToken', { kind, ...withEnvId(envId) })
  return answer.value
}
