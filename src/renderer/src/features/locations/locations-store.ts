import { create } from 'zustand'
import type { SortState } from './location-model'

/** What happened to the last install attempt at one location (shown in place: row and detail panel). */
export type InstallOutcome =
  | { kind: 'pending'; at: string }
  | {
      kind: 'installed'
      at: string
      status: number
      statusText: string
      attempts: number
      retriedAfter: Array<'401' | '429'>
      durationMs: number
      logId: string
      notes: string[]
    }
  | { kind: 'failed'; at: string; status: number | null; code: string; message: string; hint: string | null; logId: string | null }

interface LocationsStore {
  search: string
  sort: SortState
  /** `envId:locationId` of the location shown in the detail panel. */
  selected: string | null
  /** Install outcomes of this session, by `envId:locationId`. */
  outcomes: Record<string, InstallOutcome>
  setSearch(search: string): void
  setSort(sort: SortState): void
  select(envId: string, locationId: number | null): void
  setOutcome(envId: string, locationId: number, outcome: InstallOutcome): void
}

/** Key of a location within an environment (ids are only unique per environment). */
export function locationKey(envId: string, locationId: number): string {
  return `${envId}:${locationId}`
}

/** The Locations panel's UI state: search, sort, selection and this session's install outcomes. No secrets. */
export const useLocationsStore = create<LocationsStore>(set => ({
  search: '',
  sort: { key: 'name', direction: 'asc' },
  selected: null,
  outcomes: {},
  setSearch: search => set({ search }),
  setSort: sort => set({ sort }),
  select: (envId, locationId) => set({ selected: locationId === null ? null : locationKey(envId, locationId) }),
  setOutcome: (envId, locationId, outcome) => set(s => ({ outcomes: { ...s.outcomes, [locationKey(envId, locationId)]: outcome } })),
}))
