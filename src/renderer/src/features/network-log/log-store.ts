import { create } from 'zustand'
import { EMPTY_FILTERS, type LogFilters } from './log-filter'

interface LogStore {
  selectedId: string | null
  filters: LogFilters
  select(id: string | null): void
  setFilters(change: Partial<LogFilters>): void
}

/**
 * The network log's UI state: the selected entry and the filters. The entries themselves are server state, in the
 * query cache (use-log-feed.ts).
 */
export const useLogStore = create<LogStore>(set => ({
  selectedId: null,
  filters: EMPTY_FILTERS,
  select: selectedId => set({ selectedId }),
  setFilters: change => set(s => ({ filters: { ...s.filters, ...change } })),
}))
