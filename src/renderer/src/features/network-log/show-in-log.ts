import { useNavStore } from '../../stores/nav-store'
import { useLogStore } from './log-store'

/**
 * Opens the drawer's network log on what another panel points at: only one source's exchanges (the Capture section's
 * "show captured exchanges": the filter query `source:captured`), or one entry selected (a scorecard's evidence), with
 * any filter set earlier cleared so the entry cannot be hidden by it.
 */
export function showInLog(target: { source?: 'console' | 'captured' | 'operator'; select?: string }): void {
  const log = useLogStore.getState()
  log.setQuery(target.source ? `source:${target.source}` : '')
  if (target.select !== undefined) log.select(target.select)
  useNavStore.getState().toggleDrawer(true)
}
