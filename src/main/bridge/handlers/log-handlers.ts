import type { LogFormats } from '../../engine/har/log-formats'
import type { NetworkLog } from '../../engine/log/network-log'
import type { HandlerRegistry } from '../registry'

/** Wires the `log:*` channels to the network log and its HAR and cURL formats. */
export function registerLogHandlers(
  registry: HandlerRegistry,
  deps: { log: NetworkLog; formats: LogFormats; looked: (what: string) => Promise<void> },
): void {
  const { log, formats, looked } = deps
  registry.handle('log:list', req => log.list(req))
  registry.handle('log:match', req => log.match(req.query))
  // Opening an exchange of the console's own ticks the first-run step "look at a request".
  registry.handle('log:get', async req => {
    const entry = log.get(req.id)
    if (entry.source === 'console' && !entry.imported) await looked(`opened ${entry.method} ${entry.path} from the network log`)
    return entry
  })
  registry.handle('log:clear', () => ({ cleared: log.clear() }))
  registry.handle('log:configure', req => log.configure(req))
  registry.handle('log:saveHar', req => formats.saveHar(req))
  registry.handle('log:openHar', (req, context) => formats.openHar(req.text, { signal: context.signal }))
  registry.handle('log:curl', req => formats.curl(req.id, req.redacted))
}
