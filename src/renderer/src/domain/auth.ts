import { useQuery, useQueryClient } from '@tanstack/react-query'
import type { OAuthFlowState, OAuthLifecycle, OAuthStatus } from '../../../shared/contract'
import { invoke } from '../bridge/bridge'
import { useEvent } from '../bridge/use-event'
import { newest, useAuthStore } from './auth-store'
import { authKeys } from './query-keys/auth'

/**
 * Keeps the auth store and the auth queries current from engine events. Mounted once by the status bar (always on
 * screen), so the lifecycle is known before any auth panel opens; mounting it again elsewhere is harmless.
 */
export function useAuthFeed(): void {
  const client = useQueryClient()
  useEvent('oauth:flow', flow => {
    useAuthStore.getState().setFlow(flow)
    if (flow.envId && (flow.step === 'done' || flow.step === 'denied' || flow.step === 'failed')) {
      void client.invalidateQueries({ queryKey: authKeys.status(flow.envId) })
    }
  })
  useEvent('oauth:lifecycle', lifecycle => {
    useAuthStore.getState().setLifecycle(lifecycle)
    void client.invalidateQueries({ queryKey: authKeys.status(lifecycle.envId) })
    void client.invalidateQueries({ queryKey: authKeys.tokens(lifecycle.envId) })
  })
  useEvent('oauth:tokensChanged', tokens => {
    void client.invalidateQueries({ queryKey: authKeys.tokens(tokens.envId) })
    void client.invalidateQueries({ queryKey: authKeys.status(tokens.envId) })
  })
}

/** `oauth:status` of an environment: the flow, the lifecycle and the (masked) tokens. */
export function useOAuthStatus(envId: string | null) {
  return useQuery({
    queryKey: authKeys.status(envId),
    queryFn: () => invoke('oauth:status', envId ? { envId } : {}),
    enabled: envId !== null,
  })
}

/** The lifecycle of an environment: the newest of the last event and the last `oauth:status` answer. */
export function useLifecycle(envId: string | null): OAuthLifecycle | null {
  const fromEvent = useAuthStore(s => (envId ? s.lifecycle[envId] : undefined))
  const status = useOAuthStatus(envId)
  return newest<OAuthLifecycle>(status.data?.lifecycle, fromEvent)
}

/** The current flow of an environment: the newest of the last event and the last status answer. */
export function useFlow(envId: string | null, status: OAuthStatus | undefined): OAuthFlowState | null {
  const fromEvent = useAuthStore(s => s.flow)
  const eventForEnv = fromEvent && (fromEvent.envId === envId || fromEvent.envId === null) ? fromEvent : null
  return newest<OAuthFlowState>(status?.flow, eventForEnv)
}
