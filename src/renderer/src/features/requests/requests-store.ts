import { create } from 'zustand'
import type { ComposerRequestInput } from '../../../../shared/contract'
import { useNavStore } from '../../stores/nav-store'
import { type Draft, EMPTY_DRAFT } from './draft'

export type { Draft } from './draft'
export { EMPTY_DRAFT } from './draft'

type RequestsTab = 'compose' | 'compare'

interface RequestsStore {
  tab: RequestsTab
  draft: Draft
  /** Where the draft came from: a catalogue entry, a saved request (its id), a log entry, or an import (cURL). */
  origin: { kind: 'catalogue' | 'saved' | 'log' | 'new' | 'import'; id?: string; name?: string; folder?: string; notes?: string[] }
  compare: { a: string | null; b: string | null }
  setTab(tab: RequestsTab): void
  setDraft(patch: Partial<Draft>): void
  load(draft: Draft, origin: RequestsStore['origin']): void
  setCompare(patch: Partial<RequestsStore['compare']>): void
}

/** The composer's draft and the compare pair: small, so the network log's buttons can fill it without loading the view. */
export const useRequestsStore = create<RequestsStore>(set => ({
  tab: 'compose',
  draft: EMPTY_DRAFT,
  origin: { kind: 'new' },
  compare: { a: null, b: null },
  setTab: tab => set({ tab }),
  setDraft: patch => set(s => ({ draft: { ...s.draft, ...patch } })),
  load: (draft, origin) => set({ draft, origin, tab: 'compose' }),
  setCompare: patch => set(s => ({ compare: { ...s.compare, ...patch } })),
}))

/** A composer request (from the engine or a file) as a full draft. */
export function toDraft(r: ComposerRequestInput): Draft {
  return {
    method: r.method.toUpperCase(),
    target: r.target ?? 'api',
    path: r.path,
    params: { ...(r.params ?? {}) },
    query: (r.query ?? []).map(q => ({ name: q.name, value: q.value, enabled: q.enabled ?? true })),
    headers: (r.headers ?? []).map(h => ({ name: h.name, value: h.value, enabled: h.enabled ?? true })),
    body: r.body ?? '',
    auth: r.auth ?? 'none',
  }
}

/** Opens a log entry in the composer (the view loads the draft through `requests:fromLog`). */
export function openLogInComposer(logId: string): void {
  useRequestsStore.setState({ tab: 'compose', origin: { kind: 'log', id: logId } })
  useNavStore.getState().go('requests')
}

/** The log entry chosen as side A of the comparison (the network log marks it). */
export function useCompareA(): string | null {
  return useRequestsStore(s => s.compare.a)
}

/** Puts a log entry on one side of the comparison and shows it when both sides are set. */
export function pickForCompare(logId: string, side: 'a' | 'b'): void {
  const s = useRequestsStore.getState()
  s.setCompare({ [side]: logId })
  const c = useRequestsStore.getState().compare
  if (c.a && c.b) {
    s.setTab('compare')
    useNavStore.getState().go('requests')
  }
}
