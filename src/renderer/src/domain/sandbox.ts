import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { ChannelName, RequestOf, ResponseOf } from '../../../shared/contract'
import { invoke } from '../bridge/bridge'
import { useEvent } from '../bridge/use-event'
import { authKeys, sandboxKeys } from './query-keys'

/** The sandbox operator's view (`sandbox:state`): availability, clock, tokens by fingerprint, limits, faults, installations. */
export function useSandboxState(enabled = true) {
  return useQuery({ queryKey: sandboxKeys.state, queryFn: () => invoke('sandbox:state', {}), enabled })
}

/**
 * Refetches the sandbox view (and the token views, whose expiry depends on the sandbox clock) on `sandbox:changed`.
 * Mounted once beside the query client (frame/live-updates.ts).
 */
export function useSandboxFeed(): void {
  const client = useQueryClient()
  useEvent('sandbox:changed', () => {
    void client.invalidateQueries({ queryKey: sandboxKeys.state })
    void client.invalidateQueries({ queryKey: authKeys.all })
  })
}

type SandboxChannel = Extract<ChannelName, `sandbox:${string}`>

/**
 * One operator action through the engine's `sandbox:*` channels. Afterwards the sandbox view and the token views are
 * refetched: moving the clock or expiring a token changes the lifecycle.
 */
export function useSandboxAction<C extends SandboxChannel>(channel: C) {
  const client = useQueryClient()
  return useMutation<ResponseOf<C>, Error, RequestOf<C>>({
    mutationFn: req => invoke(channel, req),
    onSettled: () => {
      void client.invalidateQueries({ queryKey: sandboxKeys.state })
      void client.invalidateQueries({ queryKey: authKeys.all })
    },
  })
}
