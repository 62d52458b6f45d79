import { useNavStore } from '../../stores/nav-store'
import { EMPTY_FILTERS, type SourceFilter } from './log-filter'
import { useLogStore } from './log-store'

/**
 * Opens the drawer's network log on what another panel points at: only one source's exchanges (the Capture section's
 * "show captured exchanges"), or one entry selected (a scorecard's evidence), with every other filter cleared so the
 * entry cannot be hidden by a filter set earlier.
 */
export function showInLog(target: { source?: SourceFilter; select?: string }): void {
  const log = useLogStore.getState()
  log.setFilters({ ...EMPTY_FILTERS, source: target.source ?? '' })
  if (target.select !== undefined) log.select(target.select)
  useNavStore.getState().toggleDrawer(true)
}
