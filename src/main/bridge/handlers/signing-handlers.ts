import type { SigningService } from '../../engine/signing/signing-service'
import type { HandlerRegistry } from '../registry'

/** Wires the `signing:*` channels to the signing service (no logic here). */
export function registerSigningHandlers(registry: HandlerRegistry, deps: { signing: SigningService }): void {
  const { signing } = deps
  registry.handle('signing:sign', req => signing.sign(req))
  registry.handle('signing:explain', req => signing.explain(req))
  registry.handle('signing:skew', () => signing.skewStatus())
  registry.handle('signing:probe', ({ environmentId, ...choice }) => signing.probe(environmentId, choice))
  registry.handle('signing:setTimeSource', req => signing.setTimeSource(req.source))
  registry.handle('signing:now', () => signing.now())
}
