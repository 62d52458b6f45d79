import type { EnvironmentRepository } from '../../engine/environments/environment-repository'
import type { OAuthFlowService } from '../../engine/oauth/oauth-flow-service'
import type { TokenService } from '../../engine/oauth/token-service'
import type { HandlerRegistry } from '../registry'

/** Wires the `oauth:*` channels; a missing `envId` means the active environment. */
export function registerOAuthHandlers(
  registry: HandlerRegistry,
  deps: { environments: EnvironmentRepository; flows: OAuthFlowService; tokens: TokenService },
): void {
  const { environments, flows, tokens } = deps
  const envOf = (envId?: string) => environments.resolveId(envId)
  registry.handle('oauth:buildAuthorizeUrl', req => flows.preview(envOf(req.envId), req.mode, req.pkce))
  registry.handle('oauth:start', async (req, call) => {
    const envId = envOf(req.envId)
    if (req.acceptUnprotectedStorage) await environments.acceptUnprotectedStorage(envId)
    return flows.start({ ...req, envId }, call.transport)
  })
  registry.handle('oauth:cancel', req => flows.cancel(req.flowId))
  registry.handle('oauth:pasteRedirect', req => flows.paste(req.input, req.flowId))
  registry.handle('oauth:status', req => {
    const envId = envOf(req.envId)
    return { flow: flows.state(envId), lifecycle: tokens.lifecycle.get(envId), tokens: tokens.view(envId) }
  })
  registry.handle('oauth:tokens', req => tokens.view(envOf(req.envId)))
  registry.handle('oauth:refresh', async req => {
    const envId = envOf(req.envId)
    await tokens.refresh(envId)
    return tokens.view(envId)
  })
  registry.handle('oauth:revealToken', req => {
    const envId = envOf(req.envId)
    return { envId, kind: req.kind, value: tokens.reveal(envId, req.kind) }
  })
  registry.handle('oauth:forget', req => tokens.forget(envOf(req.envId)))
  registry.handle('oauth:diagnoseRedirect', req => {
    const sent = req.sent ?? (req.envId ? environments.record(req.envId).redirectUri : undefined)
    return flows.diagnose(req.registered, sent)
  })
}
