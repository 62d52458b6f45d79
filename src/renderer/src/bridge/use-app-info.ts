import { useQuery } from '@tanstack/react-query'
import { invoke } from './bridge'

/** The console's static facts (version, transport, environments, secret storage), fetched once. */
export function useAppInfo() {
  return useQuery({ queryKey: ['app:info'], queryFn: () => invoke('app:info', {}), staleTime: Number.POSITIVE_INFINITY })
}
