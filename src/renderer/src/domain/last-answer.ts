import { type QueryClient, type QueryKey, skipToken, useQuery } from '@tanstack/react-query'

/**
 * The last answer of an action (a mutation) kept in the query cache, so it survives leaving the panel: written with
 * `setLastAnswer` when the action starts (null) and ends, read with `useLastAnswer`. Never fetched by itself.
 */
export function useLastAnswer<T>(queryKey: QueryKey): T | null {
  return (
    useQuery<T | null>({ queryKey, queryFn: skipToken, staleTime: Number.POSITIVE_INFINITY, gcTime: Number.POSITIVE_INFINITY }).data ?? null
  )
}

/** Records (or, with null, forgets) an action's last answer under its key. */
export function setLastAnswer<T>(client: QueryClient, queryKey: QueryKey, answer: T | null): void {
  client.setQueryData<T | null>(queryKey, answer)
}
