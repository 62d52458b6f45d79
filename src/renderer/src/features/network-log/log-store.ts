import { create } from 'zustand'
import type { LogEntrySummary } from '../../../../shared/contract'
import { EMPTY_FILTERS, type LogFilters } from './log-filter'

interface LogStore {
  /** Summaries in capture order (oldest first), at most `capacity`, as the engine's log holds them. */
  entries: LogEntrySummary[]
  capacity: number
  /** True once a full `log:list` has been read. */
  loaded: boolean
  selectedId: string | null
  filters: LogFilters
  /** A full list from `log:list` (oldest first), merged with entries that arrived meanwhile by event. */
  replace(list: LogEntrySummary[], capacity: number): void
  /** Adds or updates entries (from `log:entry`); returns true when a sequence gap shows that events were missed. */
  upsert(batch: LogEntrySummary[]): boolean
  clear(): void
  select(id: string | null): void
  setFilters(change: Partial<LogFilters>): void
}

const STATE_RANK = { pending: 0, done: 1, failed: 1 } as const

/** The later of two snapshots of one entry (a pending one never replaces its completion). */
function later(a: LogEntrySummary | undefined, b: LogEntrySummary): LogEntrySummary {
  return a && STATE_RANK[a.state] > STATE_RANK[b.state] ? a : b
}

/**
 * The network log as the drawer shows it: the engine's entry summaries (redacted there; no bodies, no headers) and
 * the UI's selection and filters. Updated by `log:list` and `log:entry` / `log:cleared` (see useLogFeed); bounded by
 * the engine's capacity.
 */
export const useLogStore = create<LogStore>((set, get) => ({
  entries: [],
  capacity: 2000,
  loaded: false,
  selectedId: null,
  filters: EMPTY_FILTERS,
  replace: (list, capacity) =>
    set(s => {
      const byId = new Map(list.map(e => [e.id, e]))
      const lastSeq = list.length > 0 ? (list[list.length - 1] as LogEntrySummary).seq : 0
      for (const e of s.entries) {
        const listed = byId.get(e.id)
        if (listed) byId.set(e.id, later(e, listed))
        else if (e.seq > lastSeq) byId.set(e.id, e)
      }
      const entries = [...byId.values()].sort((a, b) => a.seq - b.seq).slice(-capacity)
      const selectedId = s.selectedId && byId.has(s.selectedId) ? s.selectedId : null
      return { entries, capacity, loaded: true, selectedId }
    }),
  upsert: batch => {
    const s = get()
    let gap = false
    let entries = s.entries
    let position: Map<string, number> | null = null
    let maxSeq = entries.length > 0 ? (entries[entries.length - 1] as LogEntrySummary).seq : 0
    for (const e of batch) {
      if (e.seq > maxSeq) {
        if (s.loaded && maxSeq > 0 && e.seq > maxSeq + 1) gap = true
        if (entries === s.entries) entries = [...entries]
        position?.set(e.id, entries.length)
        entries.push(e)
        maxSeq = e.seq
        continue
      }
      position ??= new Map(entries.map((x, i) => [x.id, i]))
      const i = position.get(e.id)
      if (i === undefined) continue
      if (entries === s.entries) entries = [...entries]
      entries[i] = later(entries[i], e)
    }
    if (entries !== s.entries) set({ entries: entries.length > s.capacity ? entries.slice(-s.capacity) : entries })
    return gap
  },
  clear: () => set({ entries: [], selectedId: null }),
  select: selectedId => set({ selectedId }),
  setFilters: change => set(s => ({ filters: { ...s.filters, ...change } })),
}))
