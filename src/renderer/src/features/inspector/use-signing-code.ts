import { useQuery } from '@tanstack/react-query'
import { invoke } from '../../bridge/bridge'
import { requestsKeys } from '../../domain/query-keys'

/** `requests:signingCode`: the take-home signing programs and test vectors (they never change while the app runs). */
export function useSigningCode() {
  return useQuery({
    queryKey: requestsKeys.signingCode,
    queryFn: ({ signal }) => invoke('requests:signingCode', {}, { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  })
}
