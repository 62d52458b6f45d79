import type { QueryClient } from '@tanstack/react-query'
import type { QuotaBlockedEvent, QuotaConfig, QuotaKeyState } from '../../../shared/contract'
import { patchQuery } from './event-cache'
import { quotaKeys } from './query-keys'

/**
 * The quota domain as the cache holds it: `quota:list` (every key's gauges, the limit configuration) and the latest
 * `quota:blocked` per key while its block lasts (how long, and whether the server said so).
 */
export interface QuotaView {
  keys: QuotaKeyState[]
  config: QuotaConfig
  blocks: Record<string, QuotaBlockedEvent>
}

/** A fresh `quota:list`: keys it does not hold were reset or forgotten; blocks stay for keys still blocked. */
export function withBlocks(list: { keys: QuotaKeyState[]; config: QuotaConfig }, cached: QuotaView | undefined): QuotaView {
  const blocks: Record<string, QuotaBlockedEvent> = {}
  for (const k of list.keys) {
    const block = cached?.blocks[k.key]
    if (block && k.retryAfterUntil) blocks[k.key] = block
  }
  return { ...list, blocks }
}

/** `quota:update` carries the key's whole state: it replaces (or adds) that key; a key no longer blocked drops its block. */
export function applyQuotaUpdate(client: QueryClient, state: QuotaKeyState): void {
  patchQuery<QuotaView>(client, quotaKeys.list, old => {
    const i = old.keys.findIndex(k => k.key === state.key)
    const keys = i < 0 ? [...old.keys, state] : old.keys.map((k, j) => (j === i ? state : k))
    if (state.retryAfterUntil || !old.blocks[state.key]) return { ...old, keys }
    const { [state.key]: _ended, ...blocks } = old.blocks
    return { ...old, keys, blocks }
  })
}

/** `quota:blocked` carries the block: it is kept beside the key until an update says the block ended. */
export function applyQuotaBlocked(client: QueryClient, event: QuotaBlockedEvent): void {
  patchQuery<QuotaView>(client, quotaKeys.list, old => ({ ...old, blocks: { ...old.blocks, [event.key]: event } }))
}
