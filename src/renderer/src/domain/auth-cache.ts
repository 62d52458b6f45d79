import type { QueryClient } from '@tanstack/react-query'
import type { OAuthFlowState, OAuthLifecycle, OAuthStatus, TokenView } from '../../../shared/contract'
import { newest, patchQuery } from './event-cache'
import { authKeys } from './query-keys'

/** A fresh `oauth:status` answer, keeping a flow or lifecycle an event delivered while the answer was on its way. */
export function mergeStatus(fresh: OAuthStatus, cached: OAuthStatus | undefined): OAuthStatus {
  if (!cached) return fresh
  return {
    ...fresh,
    flow: newest(fresh.flow, cached.flow) ?? fresh.flow,
    lifecycle: newest(fresh.lifecycle, cached.lifecycle) ?? fresh.lifecycle,
  }
}

const FINISHED: ReadonlySet<OAuthFlowState['step']> = new Set(['done', 'denied', 'failed'])

/**
 * `oauth:flow` carries the flow: it goes into the status of its environment (of every environment when it names
 * none). A finished flow also changed the tokens, which the event does not carry: that status is refetched.
 */
export function applyFlow(client: QueryClient, flow: OAuthFlowState): void {
  const patch = (old: OAuthStatus): OAuthStatus => ({ ...old, flow: newest(old.flow, flow) ?? flow })
  if (flow.envId === null) {
    client.setQueriesData<OAuthStatus>({ queryKey: authKeys.statuses }, old => (old ? patch(old) : old))
    return
  }
  patchQuery(client, authKeys.status(flow.envId), patch)
  if (FINISHED.has(flow.step)) void client.invalidateQueries({ queryKey: authKeys.status(flow.envId) })
}

/**
 * `oauth:lifecycle` carries the lifecycle: it goes into the environment's status. The token view's expiry flag moved
 * with it and is not in the event: the tokens are refetched.
 */
export function applyLifecycle(client: QueryClient, lifecycle: OAuthLifecycle): void {
  patchQuery<OAuthStatus>(client, authKeys.status(lifecycle.envId), old => ({
    ...old,
    lifecycle: newest(old.lifecycle, lifecycle) ?? lifecycle,
  }))
  void client.invalidateQueries({ queryKey: authKeys.tokens(lifecycle.envId) })
}

/** `oauth:tokensChanged` carries the whole (masked) token view: both the tokens and the status take it as is. */
export function applyTokens(client: QueryClient, tokens: TokenView): void {
  client.setQueryData<TokenView>(authKeys.tokens(tokens.envId), tokens)
  patchQuery<OAuthStatus>(client, authKeys.status(tokens.envId), old => ({ ...old, tokens }))
}
