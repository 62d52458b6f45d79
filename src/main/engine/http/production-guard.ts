import { ConsoleError } from '../core/console-error'
import type { ResolvedEnvironment } from '../core/ports'

/** Methods that change nothing on the server (RFC 9110 safe methods): never asked about. */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

/** What a caller passes to say the user typed the production environment's name. */
export interface ProductionConfirmation {
  confirmProduction?: string
}

/**
 * The production guard, enforced where every partner-API request passes (the executor), so that neither the CLI nor
 * any screen can skip it: a state-changing request (any method but GET, HEAD, OPTIONS) to an environment marked
 * production is refused unless the request carries the environment's name exactly as the user typed it. The error says
 * what to type, and offers the built-in sandbox as the place to try the same request first.
 */
export function checkProductionGuard(env: ResolvedEnvironment | null, method: string, input: ProductionConfirmation): void {
  if (!env?.production || SAFE_METHODS.has(method.toUpperCase())) return
  if (input.confirmProduction === env.name) return
  const typedWrong = input.confirmProduction !== undefined
  throw new ConsoleError(
    'forbidden',
    typedWrong
      ? `The confirmation does not match: "${env.name}" is a production environment and ${method.toUpperCase()} changes its data.`
      : `"${env.name}" is a production environment: ${method.toUpperCase()} changes its data and needs a typed confirmation.`,
    {
      hint: `Type the environment's name ("${env.name}") to confirm, or run the same request against the built-in sandbox first.`,
      details: { reason: 'production_confirmation_required', environment: env.name, method: method.toUpperCase() },
    },
  )
}
