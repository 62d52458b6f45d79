import type { CaptureService } from '../../engine/capture/capture-service'
import type { HandlerRegistry } from '../registry'

/** Wires the `capture:*` channels to the capture service. */
export function registerCaptureHandlers(registry: HandlerRegistry, deps: { capture: CaptureService }): void {
  const { capture } = deps
  registry.handle('capture:start', req => capture.start(req))
  registry.handle('capture:stop', async req => ({ stopped: await capture.stop(req.envId) }))
  registry.handle('capture:status', () => ({ captures: capture.status() }))
}
