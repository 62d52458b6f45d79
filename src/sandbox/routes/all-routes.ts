import { buildOpenApiDocument } from '../openapi/openapi-document'
import { sendJsonText } from '../server/http-io'
import { Router } from '../server/router'
import type { SandboxState } from '../state/sandbox-state'
import { registerAdminRoutes } from './admin-routes'
import { handleAuthorize, handleDecision, handleLogin } from './authorize-routes'
import { exportTicketsPattern, handleExportTickets } from './export-tickets-routes'
import { handleInstall } from './installations-routes'
import { registerLimitFamilyRoutes } from './limit-family-routes'
import { handleListLocations } from './locations-routes'
import { registerScenarioRoutes } from './scenario-routes'
import { handleToken } from './token-routes'

/** Wires every public, authorize-flow and operator route of one sandbox instance. */
export function buildRouter(state: SandboxState, serverUrl: () => string): Router {
  const router = new Router()
  router
    .add('GET', '/oauth2/authorize', handleAuthorize)
    .add('POST', '/oauth2/authorize/login', handleLogin)
    .add('POST', '/oauth2/authorize/decision', handleDecision)
    .add('POST', '/oauth2/token', handleToken)
    .add('GET', '/marketplace/v2/platform-token/locations', handleListLocations)
    .add('POST', '/marketplace/v2/platform-token/installations', handleInstall)
    .add('GET', '/api/v1/locations', handleListLocations)
    .addPattern('GET', exportTicketsPattern(state.config.signedPathPrefix), handleExportTickets)
  registerLimitFamilyRoutes(router)

  // Serialised on first use, then served as the same text with its length counted once.
  let openapi: { text: string; length: string } | undefined
  router.add('GET', '/_sandbox/openapi.json', ctx => {
    if (openapi === undefined) {
      const document = buildOpenApiDocument(serverUrl(), state.config.signedPathPrefix, state.config.exportMaxRangeDays)
      const text = JSON.stringify(document, null, 2)
      openapi = { text, length: String(Buffer.byteLength(text)) }
    }
    sendJsonText(ctx.res, 200, openapi.text, openapi.length)
  })
  registerAdminRoutes(router, state)
  registerScenarioRoutes(router, state)
  return router
}
