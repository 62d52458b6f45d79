import { useQuery, useQueryClient } from '@tanstack/react-query'
import type { SkewStatus } from '../../../../shared/contract'
import { invoke } from '../../bridge/bridge'
import { useEvent } from '../../bridge/use-event'

/** The react-query key of `signing:skew` (also written by `signing:setTimeSource` and the `signing:skew` event). */
export const SKEW_QUERY_KEY = ['signing:skew'] as const

/**
 * The clock-skew status (estimate, time source, thresholds), kept current by the `signing:skew` event: the engine
 * announces meaningful changes only, so the event patches the cached status instead of refetching. A slow refetch
 * catches up on events missed while the bridge was reconnecting.
 */
export function useSkewStatus() {
  const client = useQueryClient()
  useEvent('signing:skew', estimate => {
    const old = client.getQueryData<SkewStatus>(SKEW_QUERY_KEY)
    if (old) client.setQueryData<SkewStatus>(SKEW_QUERY_KEY, { ...old, estimate })
    else void client.invalidateQueries({ queryKey: SKEW_QUERY_KEY })
  })
  return useQuery({
    queryKey: SKEW_QUERY_KEY,
    queryFn: () => invoke('signing:skew', {}),
    staleTime: 30_000,
    refetchInterval: 60_000,
  })
}
