import type { BundleReplay } from '../../engine/bundle/bundle-replay'
import type { ReproBundles } from '../../engine/bundle/repro-bundle'
import type { HandlerRegistry } from '../registry'

/** Wires the `bundle:*` channels to repro bundles and their replay. */
export function registerBundleHandlers(registry: HandlerRegistry, deps: { bundles: ReproBundles; replay: BundleReplay }): void {
  registry.handle('bundle:write', req => deps.bundles.write(req))
  registry.handle('bundle:open', req => deps.bundles.open(req.text))
  registry.handle('bundle:replay', (req, context) => deps.replay.replay(req.text, req.envId, context.signal))
}
