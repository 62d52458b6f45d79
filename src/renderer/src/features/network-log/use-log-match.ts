import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useMemo } from 'react'
import type { LogEntrySummary } from '../../../../shared/contract'
import { invoke } from '../../bridge/bridge'
import { logKeys } from '../../domain/query-keys'

/** Changes whenever an entry is added, dropped or completed: the match is asked again then. */
function revisionOf(entries: LogEntrySummary[]): string {
  let pending = 0
  for (const e of entries) if (e.state === 'pending') pending++
  return `${entries.length}:${entries[0]?.id ?? ''}:${entries[entries.length - 1]?.id ?? ''}:${pending}`
}

/**
 * The entries the filter query matches. The engine parses and evaluates the query (`log:match`), bodies included,
 * so the drawer, `log:list` and the CLI agree on what a query means; the answer is asked again as the log changes,
 * and the previous one is kept on screen meanwhile.
 */
export function useLogMatch(
  entries: LogEntrySummary[],
  query: string,
): { shown: LogEntrySummary[]; problems: string[]; filtered: boolean; pending: boolean; error: Error | null } {
  const text = query.trim()
  const revision = revisionOf(entries)
  const match = useQuery({
    queryKey: logKeys.match(text, revision),
    queryFn: ({ signal }) => invoke('log:match', { query: text }, { signal }),
    enabled: text !== '',
    placeholderData: keepPreviousData,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 10_000,
  })
  const ids = text === '' ? null : match.data?.ids
  const shown = useMemo(() => {
    if (!ids) return text === '' ? entries : []
    const set = new Set(ids)
    return entries.filter(e => set.has(e.id))
  }, [entries, ids, text])
  // Until the engine answers for this query, `shown` is the previous query's answer (or nothing): pending says so.
  const pending = text !== '' && match.error === null && (match.isPlaceholderData || match.data === undefined)
  return { shown, problems: text === '' ? [] : (match.data?.problems ?? []), filtered: text !== '', pending, error: match.error }
}
