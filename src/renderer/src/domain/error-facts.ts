import { BridgeCallError } from '../../../shared/contract/errors'

/**
 * The status, log entry, server body and failure cause an engine error carries in its details (typed endpoints put
 * them there). `cause` is the engine's reading of why (`stale-signature`, `token-refused`…), or null.
 */
export function errorFacts(error: unknown): { status: number | null; logId: string | null; body: string | null; cause: string | null } {
  const details =
    error instanceof BridgeCallError && error.details && typeof error.details === 'object' ? (error.details as Record<string, unknown>) : {}
  return {
    status: typeof details.status === 'number' ? details.status : null,
    logId: typeof details.logId === 'string' ? details.logId : null,
    body: typeof details.body === 'string' ? details.body : null,
    cause: causeKind(details.cause),
  }
}

function causeKind(cause: unknown): string | null {
  if (!cause || typeof cause !== 'object') return null
  const kind = (cause as { kind?: unknown }).kind
  return typeof kind === 'string' && kind !== 'other' ? kind : null
}
