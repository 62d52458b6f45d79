import type { SandboxControl } from '../../engine/sandbox-control/sandbox-control'
import type { HandlerRegistry } from '../registry'

/** Wires the `sandbox:*` channels to the operator-API client (built-in sandbox only). */
export function registerSandboxHandlers(registry: HandlerRegistry, deps: { control: SandboxControl }): void {
  const { control } = deps
  registry.handle('sandbox:state', () => control.state())
  registry.handle('sandbox:clock', req => control.clock(req))
  registry.handle('sandbox:expireTokens', req => control.expireTokens(req.target))
  registry.handle('sandbox:revokeToken', req => control.revokeToken(req.target))
  registry.handle('sandbox:resetQuotas', () => control.resetQuotas())
  registry.handle('sandbox:setLimit', req => control.setLimit(req))
  registry.handle('sandbox:addFault', req => control.addFault(req))
  registry.handle('sandbox:clearFaults', () => control.clearFaults())
  registry.handle('sandbox:applyScenario', req => control.applyScenario(req.name))
  registry.handle('sandbox:clearScenario', () => control.clearScenario())
}
