import { AdminInputError, adminRoute } from '../auth/admin-guard'
import { SCENARIOS } from '../data/scenario-catalog'
import type { Router } from '../server/router'
import type { SandboxState } from '../state/sandbox-state'
import { UnknownScenarioError } from '../state/scenarios'
import { scenarioBody } from './operator-bodies'

/**
 * The operator API of scenarios: `GET /_sandbox/scenarios` (the catalogue and the active one), `POST
 * /_sandbox/scenario { name }` (apply, undoing the current one) and `DELETE /_sandbox/scenario` (back to normal).
 */
export function registerScenarioRoutes(router: Router, state: SandboxState): void {
  router.add(
    'GET',
    '/_sandbox/scenarios',
    adminRoute(() => ({ active: state.scenario.active, scenarios: SCENARIOS })),
  )
  router.add(
    'POST',
    '/_sandbox/scenario',
    adminRoute((_ctx, body) => {
      const name = scenarioBody(body)
      try {
        return state.scenario.apply(name)
      } catch (error) {
        if (error instanceof UnknownScenarioError) throw new AdminInputError(error.message)
        throw error
      }
    }),
  )
  router.add(
    'DELETE',
    '/_sandbox/scenario',
    adminRoute(() => state.scenario.clear()),
  )
}
