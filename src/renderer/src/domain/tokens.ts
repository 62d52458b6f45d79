import { useQuery } from '@tanstack/react-query'
import { invoke } from '../bridge/bridge'
import { authKeys } from './query-keys'
import { withEnvId } from './env-scope'

/** The masked tokens of an environment (`oauth:tokens`): fingerprints, permissions, expiry. Never a token value. */
export function useTokens(envId: string | null) {
  return useQuery({
    queryKey: authKeys.tokens(envId),
    queryFn: () => invoke('oauth:tokens', withEnvId(envId)),
    enabled: envId !== null,
  })
}
