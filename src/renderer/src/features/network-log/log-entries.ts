import type { LogEntrySummary } from '../../../../shared/contract'

/**
 * The network log as the cache holds it (`logKeys.list`): the engine's entry summaries (redacted there; no bodies, no
 * headers) in capture order, oldest first, at most `capacity`. `loaded` turns true once a full `log:list` was read;
 * before that, entries that arrived by event wait here for it.
 */
export interface LogView {
  entries: LogEntrySummary[]
  capacity: number
  loaded: boolean
}

export const EMPTY_LOG: LogView = { entries: [], capacity: 2000, loaded: false }

const STATE_RANK = { pending: 0, done: 1, failed: 1 } as const

/** The later of two snapshots of one entry (a pending one never replaces its completion). */
function later(a: LogEntrySummary | undefined, b: LogEntrySummary): LogEntrySummary {
  return a && STATE_RANK[a.state] > STATE_RANK[b.state] ? a : b
}

/** A full list from `log:list` (oldest first), merged with the entries that arrived meanwhile by event. */
export function mergeList(list: readonly LogEntrySummary[], capacity: number, cached: LogView | undefined): LogView {
  const byId = new Map(list.map(e => [e.id, e]))
  const lastSeq = list.length > 0 ? (list[list.length - 1] as LogEntrySummary).seq : 0
  for (const e of cached?.entries ?? []) {
    const listed = byId.get(e.id)
    if (listed) byId.set(e.id, later(e, listed))
    else if (e.seq > lastSeq) byId.set(e.id, e)
  }
  const entries = [...byId.values()].sort((a, b) => a.seq - b.seq).slice(-capacity)
  return { entries, capacity, loaded: true }
}

/**
 * Adds or updates entries (a batch of `log:entry` events). `gap` is true when the sequence numbers show that events
 * were missed, so the list must be read again.
 */
export function upsertEntries(view: LogView, batch: readonly LogEntrySummary[]): { view: LogView; gap: boolean } {
  let gap = false
  let entries = view.entries
  let position: Map<string, number> | null = null
  let maxSeq = entries.length > 0 ? (entries[entries.length - 1] as LogEntrySummary).seq : 0
  for (const e of batch) {
    if (e.seq > maxSeq) {
      if (view.loaded && maxSeq > 0 && e.seq > maxSeq + 1) gap = true
      if (entries === view.entries) entries = [...entries]
      position?.set(e.id, entries.length)
      entries.push(e)
      maxSeq = e.seq
      continue
    }
    position ??= new Map(entries.map((x, i) => [x.id, i]))
    const i = position.get(e.id)
    if (i === undefined) continue
    if (entries === view.entries) entries = [...entries]
    entries[i] = later(entries[i], e)
  }
  if (entries === view.entries) return { view, gap }
  return { view: { ...view, entries: entries.length > view.capacity ? entries.slice(-view.capacity) : entries }, gap }
}
