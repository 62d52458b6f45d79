import type { FirstRunChecklist } from '../../engine/onboarding/first-run-checklist'
import type { HandlerRegistry } from '../registry'

/** Wires the `firstRun:*` channels to the first-run checklist (no logic here). */
export function registerFirstRunHandlers(registry: HandlerRegistry, deps: { checklist: FirstRunChecklist }): void {
  const { checklist } = deps
  registry.handle('firstRun:status', () => checklist.status())
  registry.handle('firstRun:setDismissed', req => checklist.setDismissed(req.dismissed))
}
