import type { DraftStore } from '../../engine/requests/drafts/draft-store'
import type { SentHistory } from '../../engine/requests/drafts/sent-history'
import type { HandlerRegistry } from '../registry'

/** Wires the `drafts:*` channels to the draft store (open tabs) and the history of sent requests. */
export function registerDraftsHandlers(registry: HandlerRegistry, deps: { drafts: DraftStore; sent: SentHistory }): void {
  const { drafts, sent } = deps
  registry.handle('drafts:load', () => drafts.load())
  registry.handle('drafts:save', req => drafts.save(req.workspace))
  registry.handle('drafts:history', req => sent.search(req.query, req.limit))
}
