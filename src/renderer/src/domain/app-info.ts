import { useQuery } from '@tanstack/react-query'
import type { EnvironmentSummary } from '../../../shared/contract'
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

/** The active environment's summary (name, built-in, production) as app:info lists it; null while loading or when none. */
export function useActiveEnvironment(): EnvironmentSummary | null {
  const info = useAppInfo().data
  return info?.environments.find(e => e.id === info.activeEnvironmentId) ?? null
}

/** The built-in sandbox environment's summary (what “try it on the sandbox” uses); null while loading. */
export function useBuiltInEnvironment(): EnvironmentSummary | null {
  return useAppInfo().data?.environments.find(e => e.builtIn) ?? null
}
