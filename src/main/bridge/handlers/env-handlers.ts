import { exportEnvironments, importEnvironments } from '../../engine/environments/environment-transfer'
import type { ProfileService } from '../../engine/environments/profile-service'
import type { HandlerRegistry } from '../registry'

/** Wires the `env:*` channels to the profile service (environments, their secrets, export and import). */
export function registerEnvHandlers(registry: HandlerRegistry, deps: { profiles: ProfileService }): void {
  const { profiles } = deps
  registry.handle('env:list', () => profiles.listDetailed())
  registry.handle('env:get', req => profiles.detail(req.id))
  registry.handle('env:validate', req => profiles.validate(req.settings))
  registry.handle('env:create', req => profiles.create(req.settings, req.clientSecret, req.acceptUnprotectedStorage, req.networkSecrets))
  registry.handle('env:update', req =>
    profiles.update(req.id, req.changes, req.clientSecret, req.acceptUnprotectedStorage, req.networkSecrets),
  )
  registry.handle('env:duplicate', req => profiles.duplicate(req.id, req.name, req.acceptUnprotectedStorage))
  registry.handle('env:delete', req => profiles.remove(req.id))
  registry.handle('env:setActive', req => profiles.setActive(req.id))
  registry.handle('env:export', req => exportEnvironments(profiles, req))
  registry.handle('env:import', req => importEnvironments(profiles, req.content, req))
  registry.handle('env:revealSecret', req => profiles.revealSecret(req.id))
}
