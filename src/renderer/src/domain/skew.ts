import { useQuery, useQueryClient } from '@tanstack/react-query'
import type { SkewStatus } from '../../../shared/contract'
import { invoke } from '../bridge/bridge'
import { useEvent } from '../bridge/use-event'
import { signingKeys } from './query-keys'

/**
 * Keeps the clock-skew status current from the `signing:skew` event: the engine announces meaningful changes only, so
 * the event patches the cached status instead of refetching. Mounted once beside the query client (frame/live-updates.ts).
 */
export function useSkewFeed(): void {
  const client = useQueryClient()
  useEvent('signing:skew', estimate => {
    const old = client.getQueryData<SkewStatus>(signingKeys.skew)
    if (old) client.setQueryData<SkewStatus>(signingKeys.skew, { ...old, estimate })
    else void client.invalidateQueries({ queryKey: signingKeys.skew })
  })
}

/**
 * The clock-skew status (estimate, time source, thresholds), kept current by useSkewFeed. A slow refetch catches up on
 * events missed while the bridge was reconnecting.
 */
export function useSkewStatus() {
  return useQuery({
    queryKey: signingKeys.skew,
    queryFn: () => invoke('signing:skew', {}),
    staleTime: 30_000,
    refetchInterval: 60_000,
  })
}
