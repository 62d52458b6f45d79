import { create } from 'zustand'
import type { ComposerRequestInput, DraftOrigin, DraftWorkspace } from '../../../../shared/contract'
import { useNavStore } from '../../stores/nav-store'
import { type Draft, EMPTY_DRAFT } from './draft'

export type { Draft } from './draft'
export { EMPTY_DRAFT } from './draft'

type RequestsTab = 'compose' | 'compare'
export type Origin = DraftOrigin

/** One open tab of the composer: its draft, where it came from, and whether it was edited since. */
interface DraftTabState {
  id: string
  draft: Draft
  origin: Origin
  edited: boolean
}

interface RequestsStore {
  tab: RequestsTab
  tabs: DraftTabState[]
  activeId: string
  /** The tab in front's draft and origin (kept equal to it: what the composer edits). */
  draft: Draft
  origin: Origin
  /** The tabs kept by the engine were read (until then nothing is saved over them). */
  hydrated: boolean
  /** A log entry waiting to be opened (“Edit and resend”); the view loads it through `requests:fromLog`. */
  pendingLog: string | null
  compare: { a: string | null; b: string | null }
  setTab(tab: RequestsTab): void
  setDraft(patch: Partial<Draft>): void
  /** Opens a draft: in the tab in front when it holds no unsaved edits, else (or with `newTab`) in a new tab. */
  load(draft: Draft, origin: Origin, options?: { newTab?: boolean }): void
  markSaved(origin: Origin): void
  newTab(): void
  duplicateTab(id?: string): void
  closeTab(id?: string): void
  activate(id: string): void
  moveTab(id: string, toIndex: number): void
  hydrate(workspace: DraftWorkspace): void
  setCompare(patch: Partial<RequestsStore['compare']>): void
}

let seq = 0
const newId = () => `tab-${Date.now().toString(36)}-${(seq++).toString(36)}`
const blank = (): DraftTabState => ({ id: newId(), draft: structuredClone(EMPTY_DRAFT), origin: { kind: 'new' }, edited: false })
const FIRST = blank()

/** The store's tab fields for these tabs with `activeId` in front (the mirror fields follow the tab in front). */
function show(tabs: DraftTabState[], activeId: string) {
  const list = tabs.length > 0 ? tabs : [blank()]
  const active = list.find(t => t.id === activeId) ?? (list[0] as DraftTabState)
  return { tabs: list, activeId: active.id, draft: active.draft, origin: active.origin }
}

/**
 * The composer's tabs of drafts and the compare pair: small, so the network log's buttons can fill it without loading
 * the view. The engine keeps the tabs in the data folder (use-drafts.ts saves every change), so they survive a reload.
 */
export const useRequestsStore = create<RequestsStore>((set, get) => ({
  tab: 'compose',
  ...show([FIRST], FIRST.id),
  hydrated: false,
  pendingLog: null,
  compare: { a: null, b: null },
  setTab: tab => set({ tab }),
  setDraft: patch =>
    set(s =>
      show(
        s.tabs.map(t => (t.id === s.activeId ? { ...t, draft: { ...t.draft, ...patch }, edited: true } : t)),
        s.activeId,
      ),
    ),
  load: (draft, origin, options = {}) =>
    set(s => {
      const active = s.tabs.find(t => t.id === s.activeId)
      if (!options.newTab && active && !active.edited) {
        return {
          ...show(
            s.tabs.map(t => (t.id === s.activeId ? { ...t, draft, origin, edited: false } : t)),
            s.activeId,
          ),
          tab: 'compose',
        }
      }
      const opened: DraftTabState = { id: newId(), draft, origin, edited: false }
      const at = s.tabs.findIndex(t => t.id === s.activeId) + 1
      return { ...show([...s.tabs.slice(0, at), opened, ...s.tabs.slice(at)], opened.id), tab: 'compose' }
    }),
  markSaved: origin =>
    set(s =>
      show(
        s.tabs.map(t => (t.id === s.activeId ? { ...t, origin, edited: false } : t)),
        s.activeId,
      ),
    ),
  newTab: () => {
    const t = blank()
    set(s => ({ ...show([...s.tabs, t], t.id), tab: 'compose' }))
  },
  duplicateTab: id =>
    set(s => {
      const source = s.tabs.find(t => t.id === (id ?? s.activeId))
      if (!source) return {}
      const copy: DraftTabState = {
        id: newId(),
        draft: structuredClone(source.draft),
        origin: { kind: 'new', name: `${tabTitle(source)} (copy)` },
        edited: true,
      }
      const at = s.tabs.indexOf(source) + 1
      return show([...s.tabs.slice(0, at), copy, ...s.tabs.slice(at)], copy.id)
    }),
  closeTab: id =>
    set(s => {
      const closing = id ?? s.activeId
      const index = s.tabs.findIndex(t => t.id === closing)
      const tabs = s.tabs.filter(t => t.id !== closing)
      const next = closing === s.activeId ? (tabs[Math.min(index, tabs.length - 1)]?.id ?? '') : s.activeId
      return show(tabs, next)
    }),
  activate: id => set(s => ({ ...show(s.tabs, id), tab: 'compose' })),
  moveTab: (id, toIndex) =>
    set(s => {
      const moving = s.tabs.find(t => t.id === id)
      if (!moving) return {}
      const rest = s.tabs.filter(t => t.id !== id)
      const at = Math.max(0, Math.min(toIndex, rest.length))
      return show([...rest.slice(0, at), moving, ...rest.slice(at)], s.activeId)
    }),
  hydrate: workspace => {
    if (get().hydrated) return
    // Whatever was opened before the kept tabs arrived is added after them, not dropped.
    const local = get().tabs.filter(t => t.edited || t.origin.kind !== 'new')
    const tabs = [...workspace.tabs.map(t => ({ ...t, draft: { ...t.draft } })), ...local]
    set({ ...show(tabs, local.at(-1)?.id ?? workspace.activeId ?? ''), hydrated: true })
  },
  setCompare: patch => set(s => ({ compare: { ...s.compare, ...patch } })),
}))

/** What a tab's label says: the saved or catalogue name, else the request line. */
export function tabTitle(t: { draft: Draft; origin: Origin }): string {
  return t.origin.name ?? `${t.draft.method} ${t.draft.path || '/'}`
}

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

/** Opens a log entry in the composer (the view loads it through `requests:fromLog`, in a new tab over unsaved edits). */
export function openLogInComposer(logId: string): void {
  useRequestsStore.setState({ tab: 'compose', pendingLog: logId })
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
