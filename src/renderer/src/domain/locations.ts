import { useQuery } from '@tanstack/react-query'
import { invoke } from '../bridge/bridge'
import { locationKeys } from './query-keys'
import { withEnvId } from './env-scope'

/**
 * The eligible locations of an environment (`http:listLocations`, docs/api.md#locations) with the exchange that fetched them.
 * Loaded once when enabled (a bearer token exists); each load costs one unit of quota, so only an explicit refresh
 * (or switching environment) loads again.
 */
export function useLocations(envId: string | null, enabled: boolean) {
  return useQuery({
    queryKey: locationKeys.list(envId),
    queryFn: () => invoke('http:listLocations', withEnvId(envId)),
    enabled: envId !== null && enabled,
    staleTime: Number.POSITIVE_INFINITY,
  })
}
