import type { LogFormats } from '../../engine/har/log-formats'
import type { NetworkLog } from '../../engine/log/network-log'
import type { HandlerRegistry } from '../registry'

/** Wires the `log:*` channels to the network log and its HAR and cURL formats. */
export function registerLogHandlers(registry: HandlerRegistry, deps: { log: NetworkLog; formats: LogFormats }): void {
  const { log, formats } = deps
  registry.handle('log:list', req => log.list(req))
  registry.handle('log:match', req => log.match(req.query))
  registry.handle('log:get', req => log.get(req.id))
  registry.handle('log:clear', () => ({ cleared: log.clear() }))
  registry.handle('log:configure', req => log.configure(req))
  registry.handle('log:saveHar', req => formats.saveHar(req))
  registry.handle('log:openHar', req => formats.openHar(req.text))
  registry.handle('log:curl', req => formats.curl(req.id, req.redacted))
}
