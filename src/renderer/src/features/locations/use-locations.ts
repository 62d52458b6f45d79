import { useMutation } from '@tanstack/react-query'
import type { PartnerLocation } from '../../../../shared/contract'
import { BridgeCallError } from '../../../../shared/contract/errors'
import { invoke } from '../../bridge/bridge'
import { errorFacts } from '../../domain/error-facts'
import { useInstallRecords } from '../../domain/install-records'
import { type InstallOutcome, useLocationsStore } from './locations-store'

function failure(error: unknown): InstallOutcome {
  const facts = errorFacts(error)
  return {
    kind: 'failed',
    at: new Date().toISOString(),
    status: facts.status,
    code: error instanceof BridgeCallError ? error.code : 'internal',
    message: error instanceof Error ? error.message : String(error),
    hint: error instanceof BridgeCallError ? (error.hint ?? null) : null,
    logId: facts.logId,
  }
}

/** One install: the location, and for a production environment its name as the user typed it (the guard). */
export interface InstallRequest {
  location: PartnerLocation
  confirmProduction?: string
}

/**
 * Installs the integration at a location (`http:install`, spec 4.5). The outcome goes to the locations store (so it
 * shows in place, in the row and the detail panel, even if the panel was left meanwhile), and a success is added to
 * this console's install record for the environment.
 */
export function useInstall(envId: string | null) {
  return useMutation({
    mutationFn: ({ location, confirmProduction }: InstallRequest) =>
      invoke('http:install', { ...(envId ? { envId } : {}), locationId: location.id, confirmProduction }),
    onMutate: ({ location }) => {
      if (envId) useLocationsStore.getState().setOutcome(envId, location.id, { kind: 'pending', at: new Date().toISOString() })
    },
    onSuccess: (result, { location }) => {
      if (!envId) return
      const at = new Date().toISOString()
      const x = result.exchange
      useLocationsStore.getState().setOutcome(envId, location.id, {
        kind: 'installed',
        at,
        status: x.status,
        statusText: x.statusText,
        attempts: x.attempts,
        retriedAfter: x.retriedAfter,
        durationMs: x.timings.total,
        logId: x.logId,
        notes: x.notes,
      })
      useInstallRecords.getState().add(envId, {
        locationId: location.id,
        locationName: location.name,
        merchantId: location.merchantId,
        installedAt: at,
        status: x.status,
        logId: x.logId,
      })
    },
    onError: (error, { location }) => {
      if (envId) useLocationsStore.getState().setOutcome(envId, location.id, failure(error))
    },
  })
}
