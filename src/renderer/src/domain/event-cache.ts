import type { QueryClient, QueryKey } from '@tanstack/react-query'

/**
 * Writes an event's new state into one cached query. When that query holds no data yet (never fetched, or its first
 * fetch still running, whose answer may predate the event) it is refetched instead; a query nobody asked for stays
 * absent. The rule of the renderer: an event that carries the new state updates the cache; one that does not
 * invalidates it.
 */
export function patchQuery<T>(client: QueryClient, queryKey: QueryKey, patch: (old: T) => T): void {
  const old = client.getQueryData<T>(queryKey)
  if (old !== undefined) client.setQueryData<T>(queryKey, patch(old))
  else void client.invalidateQueries({ queryKey, exact: true })
}

/** The newer of two engine snapshots that carry an ISO `at` (events may arrive before or after a query answers). */
export function newest<T extends { at: string }>(a: T | null | undefined, b: T | null | undefined): T | null {
  if (!a) return b ?? null
  if (!b) return a
  return Date.parse(b.at) > Date.parse(a.at) ? b : a
}
