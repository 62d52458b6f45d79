import { useMutation, useQueryClient } from '@tanstack/react-query'
import { invoke } from '../bridge/bridge'
import { signingKeys } from './query-keys'

/** `signing:setTimeSource`: local or server time in every signature; the answer is the new skew status, cached as is. */
export function useSetTimeSource() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (source: 'local' | 'server') => invoke('signing:setTimeSource', { source }),
    onSuccess: next => client.setQueryData(signingKeys.skew, next),
  })
}
