import { keepPreviousData, useQuery } from '@tanstack/react-query'
import type { EnvironmentSettings } from '../../../../shared/contract'
import { invoke } from '../../bridge/bridge'
import { environmentsKeys } from '../../domain/query-keys'
import { useDebounced } from '../../ui/use-debounced'

/**
 * Asks the engine to check settings without saving (`environments:validate`): issues per field, warnings, the redirect URI as
 * it will be sent, and a preview of the authorize URL. Disabled while the form itself knows fields are missing.
 */
export function useValidation(settings: EnvironmentSettings, enabled: boolean) {
  const settled = useDebounced(settings, 250)
  return useQuery({
    queryKey: environmentsKeys.validate(settled),
    queryFn: () => invoke('environments:validate', { settings: settled }),
    enabled,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  })
}
