import { useQuery, useQueryClient } from '@tanstack/react-query'
import type { OAuthFlowState, OAuthLifecycle, OAuthStatus } from '../../../shared/contract'
import { invoke } from '../bridge/bridge'
import { useEvent } from '../bridge/use-event'
import { applyFlow, applyLifecycle, applyTokens, mergeStatus } from './auth-cache'
import { withEnvId } from './env-scope'
import { authKeys } from './query-keys'

/**
 * Keeps the auth queries current from engine events (see auth-cache.ts: an event that carries the new state is written
 * into the cache). Mounted once beside the query client (frame/live-updates.ts), so the lifecycle is known before any
 * auth panel opens, whatever is on screen.
 */
export function useAuthFeed(): void {
  const client = useQueryClient()
  useEvent('oauth:flow', flow => applyFlow(client, flow))
  useEvent('oauth:lifecycle', lifecycle => applyLifecycle(client, lifecycle))
  useEvent('oauth:tokensChanged', tokens => applyTokens(client, tokens))
}

/** `oauth:status` of an environment: the flow, the lifecycle and the (masked) tokens, kept current by useAuthFeed. */
export function useOAuthStatus(envId: string | null) {
  const client = useQueryClient()
  return useQuery({
    queryKey: authKeys.status(envId),
    queryFn: async ({ signal }) =>
      mergeStatus(await invoke('oauth:status', withEnvId(envId), { signal }), client.getQueryData<OAuthStatus>(authKeys.status(envId))),
    enabled: envId !== null,
  })
}

/** The lifecycle of an environment, as its status holds it (events keep it current). */
export function useLifecycle(envId: string | null): OAuthLifecycle | null {
  return useOAuthStatus(envId).data?.lifecycle ?? null
}

/** The current flow of an environment, as its status holds it (events keep it current). */
export function useFlow(status: OAuthStatus | undefined): OAuthFlowState | null {
  return status?.flow ?? null
}
