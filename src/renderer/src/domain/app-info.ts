import { useQuery } from '@tanstack/react-query'
import { invoke } from '../bridge/bridge'
import { appKeys } from './query-keys'

/** The console's static facts (version, transport, environments, secret storage), fetched once. */
export function useAppInfo() {
  return useQuery({ queryKey: appKeys.info, queryFn: () => invoke('app:info', {}), staleTime: Number.POSITIVE_INFINITY })
}

/** The active environment's id as the engine reports it (null while loading or when there is none). */
export function useActiveEnvId(): string | null {
  return useAppInfo().data?.activeEnvironmentId ?? null
}
