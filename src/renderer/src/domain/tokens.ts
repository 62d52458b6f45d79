import { useQuery } from '@tanstack/react-query'
import { invoke } from '../bridge/bridge'
import { withEnvId } from './env-scope'
import { authKeys } from './query-keys'

/** The masked tokens of an environment (`oauth:tokens`): fingerprints, permissions, expiry. Never a token value. */
export function useTokens(envId: string | null) {
  return useQuery({
    queryKey: authKeys.tokens(envId),
    queryFn: () => invoke('oauth:tokens', withEnvId(envId)),
    enabled: envId !== null,
  })
}
