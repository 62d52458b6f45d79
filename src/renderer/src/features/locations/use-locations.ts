import { useMutation, useQuery } from '@tanstack/react-query'
import type { PartnerLocation } from '../../../../shared/contract'
import { BridgeCallError } from '../../../../shared/contract/errors'
import { invoke } from '../../bridge/bridge'
import { useInstallRecords } from './install-records'
import { type InstallOutcome, useLocationsStore } from './locations-store'

/** Query keys of the locations domain. */
export const locationKeys = {
  all: ['locations'] as const,
  list: (envId: string | null) => ['locations', 'list', envId] as const,
}

/**
 * The eligible locations of an environment (`http:listLocations`, spec 4.4) with the exchange that fetched them.
 * Loaded once when enabled (a bearer token exists); each load costs one unit of quota, so only an explicit refresh
 * (or switching environment) loads again.
 */
export function useLocations(envId: string | null, enabled: boolean) {
  return useQuery({
    queryKey: locationKeys.list(envId),
    queryFn: () => invoke('http:listLocations', envId ? { envId } : {}),
    enabled: envId !== null && enabled,
    staleTime: Number.POSITIVE_INFINITY,
  })
}

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
