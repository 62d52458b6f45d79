import type { QueryClient } from '@tanstack/react-query'
import type { AppInfo, EnvironmentChanged } from '../../../shared/contract'
import { appKeys, environmentsKeys, signingKeys } from './query-keys'

/**
 * `environments:changed` carries the environment list (summaries) and the active id: app:info takes them as they are (the
 * switcher and the status bar follow at once). The details (`environments:list`, `environments:get`) are not in the event: they are
 * refetched; an app:info answer in flight (read before the change) is asked again, so it cannot bring the old list
 * back. An activation changes what every panel shows (tokens, locations, quotas, sandbox controls all belong to
 * the active environment), so then every other query is refetched too. Another environment (or its secret) signs
 * differently: signatures are made again.
 */
export function applyEnvironmentChange(client: QueryClient, change: EnvironmentChanged): void {
  const info = client.getQueryData<AppInfo>(appKeys.info)
  if (info) {
    client.setQueryData<AppInfo>(appKeys.info, { ...info, environments: change.environments, activeEnvironmentId: change.activeId })
    // An app:info answer already on its way was read before this change: it would overwrite the newer list when it
    // lands. Cancel it and ask again; the engine's answer now holds the change.
    if (client.isFetching({ queryKey: appKeys.info }) > 0) void client.invalidateQueries({ queryKey: appKeys.info })
  } else void client.invalidateQueries({ queryKey: appKeys.info })
  if (change.reason === 'activated') {
    void client.invalidateQueries({ predicate: q => q.queryKey[0] !== appKeys.info[0] })
  } else {
    void client.invalidateQueries({ queryKey: environmentsKeys.all })
    void client.invalidateQueries({ queryKey: signingKeys.signatures })
  }
}
