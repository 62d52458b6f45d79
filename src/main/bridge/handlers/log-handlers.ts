import type { LogExports } from '../../engine/har/log-exports'
import type { NetworkLog } from '../../engine/log/network-log'
import type { HandlerRegistry } from '../registry'

/** Wires the `log:*` channels to the network log and its exports. */
export function registerLogHandlers(registry: HandlerRegistry, deps: { log: NetworkLog; exports: LogExports }): void {
  const { log, exports } = deps
  registry.handle('log:list', req => log.list(req))
  registry.handle('log:get', req => log.get(req.id))
  registry.handle('log:clear', () => ({ cleared: log.clear() }))
  registry.handle('log:configure', req => log.configure(req))
  registry.handle('log:exportHar', req => exports.exportHar(req))
  registry.handle('log:importHar', req => exports.importHar(req.text))
  registry.handle('log:curl', req => exports.curl(req.id, req.redacted))
}
