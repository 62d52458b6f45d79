import { create } from 'zustand'
import type { QuotaBlockedEvent, QuotaKeyState } from '../../../shared/contract'

interface QuotaStore {
  /** Every tracked key's gauges by key id, as the engine last described them. */
  keys: Record<string, QuotaKeyState>
  /** The latest `quota:blocked` per key (how long and whether the server said so), while the block lasts. */
  blocks: Record<string, QuotaBlockedEvent>
  /** A full snapshot (`quota:list`): keys it does not hold were reset or forgotten. */
  replace(keys: QuotaKeyState[]): void
  update(state: QuotaKeyState): void
  block(event: QuotaBlockedEvent): void
}

/**
 * The quota gauges, kept live by `quota:update` / `quota:blocked` events (see useQuotaFeed). UI state only: the
 * engine's ledger stays the truth, this is its last word per key.
 */
export const useQuotaStore = create<QuotaStore>(set => ({
  keys: {},
  blocks: {},
  replace: list =>
    set(s => {
      const keys: Record<string, QuotaKeyState> = {}
      for (const k of list) keys[k.key] = k
      const blocks: Record<string, QuotaBlockedEvent> = {}
      for (const [id, b] of Object.entries(s.blocks)) if (keys[id]?.retryAfterUntil) blocks[id] = b
      return { keys, blocks }
    }),
  update: state =>
    set(s => {
      const blocks = { ...s.blocks }
      if (!state.retryAfterUntil) delete blocks[state.key]
      return { keys: { ...s.keys, [state.key]: state }, blocks }
    }),
  block: event => set(s => ({ blocks: { ...s.blocks, [event.key]: event } })),
}))
