import { useQuery, useQueryClient } from '@tanstack/react-query'
import type { SkewStatus } from '../../../shared/contract'
import { invoke } from '../bridge/bridge'
import { useEvent } from '../bridge/use-event'
import { signingKeys } from './query-keys/signing'

/**
 * The clock-skew status (estimate, time source, thresholds), kept current by the `signing:skew` event: the engine
 * announces meaningful changes only, so the event patches the cached status instead of refetching. A slow refetch
 * catches up on events missed while the bridge was reconnecting.
 */
export function useSkewStatus() {
  const client = useQueryClient()
  useEvent('signing:skew', estimate => {
    const old = client.getQueryData<SkewStatus>(signingKeys.skew)
    if (old) client.setQueryData<SkewStatus>(signingKeys.skew, { ...old, estimate })
    else void client.invalidateQueries({ queryKey: signingKeys.skew })
  })
  return useQuery({
    queryKey: signingKeys.skew,
    queryFn: () => invoke('signing:skew', {}),
    staleTime: 30_000,
    refetchInterval: 60_000,
  })
}
