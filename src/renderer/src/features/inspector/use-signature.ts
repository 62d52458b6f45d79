import { keepPreviousData, useQuery } from '@tanstack/react-query'
import type { RefObject } from 'react'
import { invoke } from '../../bridge/bridge'
import { signingKeys } from '../../domain/query-keys'
import { useDebounced } from '../../ui/use-debounced'
import type { SignRequest } from './sign-request'

/**
 * Signs the inspector's request through `signing:sign`, again after each pause in typing. The secret typed for this
 * session is read from the panel's ref at call time and never enters the query key or any store: the key carries
 * only a counter that changes when the secret does. `request` must keep its identity while the inputs do (memoise it).
 */
export function useSignature(request: SignRequest | null, secret: RefObject<string>, secretVersion: number, active = true) {
  const settled = { request: useDebounced(request, 150), secretVersion: useDebounced(secretVersion, 150) }
  return useQuery({
    queryKey: signingKeys.sign(settled.request, settled.secretVersion),
    queryFn: () => {
      const typed = secret.current
      return invoke('signing:sign', { ...settled.request!, ...(typed ? { clientSecret: typed } : {}) })
    },
    enabled: active && settled.request !== null,
    placeholderData: keepPreviousData,
    gcTime: 0,
    staleTime: Number.POSITIVE_INFINITY,
  })
}
