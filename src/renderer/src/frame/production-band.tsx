import type { EnvironmentSummary } from '../../../shared/contract'
import './production-band.css'

/**
 * The production guard's colour band: on every screen while the active environment is marked production, with its
 * name and the rule the engine enforces (state-changing requests need the name typed).
 */
export function ProductionBand({ env }: { env: EnvironmentSummary }) {
  return (
    <div className="production-band" role="note" aria-label="Production environment" data-testid="production-band">
      <span className="production-band__name">Production · {env.name}</span>
      <span className="production-band__rule">Real merchants’ data: every state-changing request asks you to type “{env.name}” first.</span>
    </div>
  )
}
