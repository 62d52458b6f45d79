import type { AppInfo } from '../../../shared/contract'
import type { HandlerRegistry } from '../registry'

/** Wires the `app:*` channels. */
export function registerAppHandlers(registry: HandlerRegistry, deps: { info: () => Promise<AppInfo> }): void {
  registry.handle('app:info', () => deps.info())
  registry.handle('app:ping', req => ({ echo: req.echo, at: new Date().toISOString() }))
}
