import type { EndpointKind, ExchangeFacts } from './exchange-facts'
import type { Judge } from './judge'

const ENDPOINTS: readonly EndpointKind[] = [
  'authorize',
  'token',
  'locations',
  'installations',
  'api-locations',
  'export',
  'operator',
  'other',
]

/**
 * Which judges an exchange is handed to, decided once per endpoint and per signed or unsigned request rather than by
 * every judge on every exchange: a judge is left out only where its scope says it would do nothing, and the judges
 * keep their order (a rule's message is its first finding's, and the skew judge reads the reuse judge's memory
 * before that judge records the exchange).
 */
export class JudgeRoutes {
  private readonly routes = new Map<EndpointKind, { signed: Judge[]; unsigned: Judge[] }>()

  constructor(judges: readonly Judge[]) {
    for (const endpoint of ENDPOINTS) {
      const here = judges.filter(j => j.scope?.endpoints === undefined || j.scope.endpoints.includes(endpoint))
      this.routes.set(endpoint, { signed: here, unsigned: here.filter(j => j.scope?.signedOnly !== true) })
    }
  }

  /** The judges of this exchange, in the doctor's order. */
  of(f: ExchangeFacts): readonly Judge[] {
    const route = this.routes.get(f.endpoint)!
    return f.header('x-signature') === undefined ? route.unsigned : route.signed
  }
}
