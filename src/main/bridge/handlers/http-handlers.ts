import type { RequestExecutor } from '../../engine/http/executor'
import type { TypedEndpoints } from '../../engine/http/typed-endpoints'
import type { HandlerRegistry } from '../registry'

/** Wires the `http:*` channels to the executor and the typed spec endpoints; the call's signal cancels the request. */
export function registerHttpHandlers(registry: HandlerRegistry, deps: { executor: RequestExecutor; endpoints: TypedEndpoints }): void {
  const { executor, endpoints } = deps
  registry.handle('http:send', async (req, { signal }) => (await executor.execute({ ...req, signal })).view)
  registry.handle('http:listLocations', (req, { signal }) => endpoints.listLocations({ ...req, signal }))
  registry.handle('http:install', ({ locationId, ...options }, { signal }) => endpoints.install(locationId, { ...options, signal }))
  registry.handle('http:exportTickets', ({ locationId, from, to, ...options }, { signal }) =>
    endpoints.exportTickets(locationId, from, to, { ...options, signal }),
  )
}
