import { create } from 'zustand'

interface LogStore {
  selectedId: string | null
  /** The filter box's text, in the engine's filter language (`status:4xx -source:operator "M-2002"`). */
  query: string
  select(id: string | null): void
  setQuery(query: string): void
}

/**
 * The network log's UI state: the selected entry and the filter query. The entries themselves are server state, in
 * the query cache (use-log-feed.ts); which of them a query matches is the engine's answer (use-log-match.ts).
 */
export const useLogStore = create<LogStore>(set => ({
  selectedId: null,
  query: '',
  select: selectedId => set({ selectedId }),
  setQuery: query => set({ query }),
}))
