import { useQuery } from '@tanstack/react-query'
import { invoke } from '../bridge/bridge'
import { withEnvId } from './env-scope'
import type { GrantScope } from './grant'
import { locationKeys } from './query-keys'

/**
 * The eligible locations of an environment's grant (`http:listLocations`, docs/api.md#locations) with the exchange that fetched
 * them. Keyed by environment and grant: a new consent (another merchant), a refresh or a revoke lists again, and the
 * old grant's list is never shown under the new one. Each load costs one unit of quota, so within one grant only an
 * explicit refresh loads again. `dataUpdatedAt` says when it was fetched.
 */
export function useLocations(scope: GrantScope) {
  return useQuery({
    queryKey: locationKeys.list(scope.envId, scope.grant),
    queryFn: () => invoke('http:listLocations', withEnvId(scope.envId)),
    enabled: scope.envId !== null && scope.grant !== null,
    staleTime: Number.POSITIVE_INFINITY,
  })
}

/** The merchants whose locations an answer holds (one, from the spec's server), for the "whose data" line. */
export function merchantsOf(locations: ReadonlyArray<{ merchantId: string }>): string[] {
  return [...new Set(locations.map(l => l.merchantId))]
}
