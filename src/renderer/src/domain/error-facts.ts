import { BridgeCallError } from '../../../shared/contract/errors'

/** The status, log entry and server body an engine error carries in its details (typed endpoints put them there). */
export function errorFacts(error: unknown): { status: number | null; logId: string | null; body: string | null } {
  const details =
    error instanceof BridgeCallError && error.details && typeof error.details === 'object' ? (error.details as Record<string, unknown>) : {}
  return {
    status: typeof details.status === 'number' ? details.status : null,
    logId: typeof details.logId === 'string' ? details.logId : null,
    body: typeof details.body === 'string' ? details.body : null,
  }
}
