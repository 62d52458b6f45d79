import { useQuery } from '@tanstack/react-query'
import { call } from './bridge'

/** The console's static facts (version, transport, environments, secret storage), fetched once. */
export function useAppInfo() {
  return useQuery({ queryKey: ['app:info'], queryFn: () => call('app:info', {}), staleTime: Number.POSITIVE_INFINITY })
}
