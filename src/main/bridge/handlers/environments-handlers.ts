import type { EnvironmentRepository } from '../../engine/environments/environment-repository'
import { openEnvironmentsFile, saveEnvironmentsFile } from '../../engine/environments/environment-transfer'
import type { HandlerRegistry } from '../registry'

/** Wires the `environments:*` channels to the environment repository (environments, their secrets, their files). */
export function registerEnvironmentsHandlers(registry: HandlerRegistry, deps: { environments: EnvironmentRepository }): void {
  const { environments } = deps
  registry.handle('environments:list', () => environments.listDetailed())
  registry.handle('environments:get', req => environments.detail(req.id))
  registry.handle('environments:validate', req => environments.validate(req.settings))
  registry.handle('environments:create', req =>
    environments.create(req.settings, req.clientSecret, req.acceptUnprotectedStorage, req.networkSecrets),
  )
  registry.handle('environments:update', req =>
    environments.update(req.id, req.changes, req.clientSecret, req.acceptUnprotectedStorage, req.networkSecrets),
  )
  registry.handle('environments:duplicate', req => environments.duplicate(req.id, req.name, req.acceptUnprotectedStorage))
  registry.handle('environments:delete', req => environments.remove(req.id))
  registry.handle('environments:setActive', req => environments.setActive(req.id))
  registry.handle('environments:saveFile', req => saveEnvironmentsFile(environments, req))
  registry.handle('environments:openFile', req => openEnvironmentsFile(environments, req.content, req))
  registry.handle('environments:revealSecret', req => environments.revealSecret(req.id))
}
