import type { QuotaConfig } from '../../../shared/contract'
import type { QuotaTracker } from '../../engine/quota/quota-tracker'
import type { HandlerRegistry } from '../registry'

/** Wires the `quota:*` channels to the quota tracker; configuration changes are saved by `save`. */
export function registerQuotaHandlers(
  registry: HandlerRegistry,
  deps: { quota: QuotaTracker; save: (config: QuotaConfig) => Promise<void> },
): void {
  const { quota, save } = deps
  registry.handle('quota:list', () => ({ keys: quota.list(), config: quota.limits.describe() }))
  registry.handle('quota:reset', req => ({ cleared: quota.reset(req.key) }))
  registry.handle('quota:configure', async req => {
    const config = quota.configure(req)
    await save(config)
    return config
  })
}
