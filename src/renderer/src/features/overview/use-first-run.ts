import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { invoke } from '../../bridge/bridge'
import { useEvent } from '../../bridge/use-event'
import { firstRunKeys } from '../../domain/query-keys'

/** The first-run checklist as the engine keeps it (`firstRun:status`), live through `firstRun:changed`. */
export function useFirstRun() {
  return useQuery({ queryKey: firstRunKeys.status, queryFn: () => invoke('firstRun:status', {}) })
}

/** Hides the checklist, or shows it again; the engine keeps the choice in the data folder. */
export function useSetFirstRunDismissed() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (dismissed: boolean) => invoke('firstRun:setDismissed', { dismissed }),
    onSuccess: status => client.setQueryData(firstRunKeys.status, status),
  })
}

/** Shows the hidden checklist again (the palette's "Help: first steps"); the feed brings the answer to the screen. */
export function showFirstRunChecklist(): Promise<unknown> {
  return invoke('firstRun:setDismissed', { dismissed: false })
}

/** Keeps the checklist's cache following the engine: each new tick, hide or show arrives as `firstRun:changed`. */
export function useFirstRunFeed(): void {
  const client = useQueryClient()
  useEvent('firstRun:changed', status => client.setQueryData(firstRunKeys.status, status))
}
