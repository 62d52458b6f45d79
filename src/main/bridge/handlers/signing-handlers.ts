import type { SigningService } from '../../engine/signing/signing-service'
import type { HandlerRegistry } from '../registry'

/** Wires the `signing:*` channels to the signing service (no logic here). */
export function registerSigningHandlers(
  registry: HandlerRegistry,
  deps: { signing: SigningService; looked: (what: string) => Promise<void> },
): void {
  const { signing, looked } = deps
  registry.handle('signing:sign', req => signing.sign(req))
  registry.handle('signing:explain', async req => {
    const explained = await signing.explain(req)
    await looked(`explained the signature of ${req.method} ${req.path} in the inspector`)
    return explained
  })
  registry.handle('signing:skew', () => signing.skewStatus())
  registry.handle('signing:probe', ({ environmentId, ...choice }) => signing.probe(environmentId, choice))
  registry.handle('signing:setTimeSource', req => signing.setTimeSource(req.source))
  registry.handle('signing:now', () => signing.now())
}
