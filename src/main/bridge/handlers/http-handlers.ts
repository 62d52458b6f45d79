import type { RequestExecutor } from '../../engine/http/executor'
import type { TypedEndpoints } from '../../engine/http/typed-endpoints'
import type { HandlerRegistry } from '../registry'

/** Wires the `http:*` channels to the executor and the typed spec endpoints. */
export function registerHttpHandlers(registry: HandlerRegistry, deps: { executor: RequestExecutor; endpoints: TypedEndpoints }): void {
  const { executor, endpoints } = deps
  registry.handle('http:send', async req => (await executor.execute(req)).view)
  registry.handle('http:cancel', req => ({ cancelled: executor.cancel(req.requestId) }))
  registry.handle('http:listLocations', req => endpoints.listLocations(req))
  registry.handle('http:install', ({ locationId, ...options }) => endpoints.install(locationId, options))
  registry.handle('http:exportTickets', ({ locationId, from, to, ...options }) => endpoints.exportTickets(locationId, from, to, options))
}
