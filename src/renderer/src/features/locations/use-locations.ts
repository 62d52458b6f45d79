import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query'
import type { PartnerLocation } from '../../../../shared/contract'
import { BridgeCallError } from '../../../../shared/contract/errors'
import { invoke } from '../../bridge/bridge'
import { withEnvId } from '../../domain/env-scope'
import { errorFacts } from '../../domain/error-facts'
import type { GrantScope } from '../../domain/grant'
import { useInstallRecords } from '../../domain/install-records'
import { setLastAnswer, useLastAnswer } from '../../domain/last-answer'
import { locationKeys } from '../../domain/query-keys'
import type { InstallOutcome } from './locations-store'

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

/** Install outcomes of this session, by location id. */
type InstallOutcomes = Record<number, InstallOutcome | undefined>

const NO_OUTCOMES: InstallOutcomes = {}

function recordOutcome(client: QueryClient, scope: GrantScope, locationId: number, outcome: InstallOutcome): void {
  const key = locationKeys.installOutcomes(scope.envId, scope.grant)
  setLastAnswer<InstallOutcomes>(client, key, { ...client.getQueryData<InstallOutcomes>(key), [locationId]: outcome })
}

/** This session's install outcomes under a grant, by location id (they outlive a visit to another panel). */
export function useInstallOutcomes(scope: GrantScope): InstallOutcomes {
  return useLastAnswer<InstallOutcomes>(locationKeys.installOutcomes(scope.envId, scope.grant)) ?? NO_OUTCOMES
}

/** One install: the location, and for a production environment its name as the user typed it (the guard). */
export interface InstallRequest {
  location: PartnerLocation
  confirmProduction?: string
}

/**
 * Installs the integration at a location (`http:install`, docs/api.md#install). The outcome goes to the query cache (so it
 * shows in place, in the row and the detail panel, even if the panel was left meanwhile), and a success is added to
 * this console's install record for the environment.
 */
export function useInstall(scope: GrantScope) {
  const { envId } = scope
  const client = useQueryClient()
  return useMutation({
    mutationFn: ({ location, confirmProduction }: InstallRequest) =>
      invoke('http:install', { ...withEnvId(envId), locationId: location.id, confirmProduction }),
    onMutate: ({ location }) => {
      if (envId) recordOutcome(client, scope, location.id, { kind: 'pending', at: new Date().toISOString() })
    },
    onSuccess: (result, { location }) => {
      if (!envId) return
      const at = new Date().toISOString()
      const x = result.exchange
      recordOutcome(client, scope, location.id, {
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
      if (envId) recordOutcome(client, scope, location.id, failure(error))
    },
  })
}

/** The sandbox's location that stands for a real one: the same name, else the same place in the list. */
function equivalentLocation(real: PartnerLocation, position: number, sandbox: PartnerLocation[]): PartnerLocation | null {
  return sandbox.find(l => l.name === real.name) ?? sandbox[position] ?? null
}

/**
 * Installs on the sandbox's equivalent of a real location: the sandbox has its own merchants, so the real location's
 * id does not exist there. Lists the sandbox's locations (its own token) and installs at the equivalent one; without
 * a sandbox token, or without an equivalent, says why instead of reporting a failed install.
 */
export function useSandboxTrial(sandboxEnvId: string, real: PartnerLocation, position: number) {
  return useMutation({
    mutationFn: async () => {
      const listed = await invoke('http:listLocations', { envId: sandboxEnvId })
      const twin = equivalentLocation(real, position, listed.locations)
      if (!twin) return { twin: null, merchant: listed.locations[0]?.merchantId ?? null, result: null }
      return { twin, merchant: twin.merchantId, result: await invoke('http:install', { envId: sandboxEnvId, locationId: twin.id }) }
    },
  })
}
