import { create } from 'zustand'
import type { SortState } from './location-model'

/** What happened to the last install attempt at one location (shown in place: row and detail panel; kept in the query cache). */
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
  setSearch(search: string): void
  setSort(sort: SortState): void
  select(envId: string, locationId: number | null): void
}

/** Key of a location within an environment (ids are only unique per environment). */
export function locationKey(envId: string, locationId: number): string {
  return `${envId}:${locationId}`
}

/** The Locations panel's UI state: search, sort and selection. No secrets. */
export const useLocationsStore = create<LocationsStore>(set => ({
  search: '',
  sort: { key: 'name', direction: 'asc' },
  selected: null,
  setSearch: search => set({ search }),
  setSort: sort => set({ sort }),
  select: (envId, locationId) => set({ selected: locationId === null ? null : locationKey(envId, locationId) }),
}))
