import type { BundleReplay } from '../../engine/bundle/bundle-replay'
import type { ReproBundles } from '../../engine/bundle/repro-bundle'
import type { HandlerRegistry } from '../registry'

/** Wires the `support:*` channels to repro bundles and their replay. */
export function registerSupportHandlers(registry: HandlerRegistry, deps: { bundles: ReproBundles; replay: BundleReplay }): void {
  registry.handle('support:writeBundle', req => deps.bundles.write(req))
  registry.handle('support:openBundle', req => deps.bundles.open(req.text))
  registry.handle('support:replay', (req, context) => deps.replay.replay(req.text, req.envId, context.signal))
}
