import { create } from 'zustand'
import { useNavStore } from '../../stores/nav-store'
import { addDays, today } from './date-range'

interface ExportStore {
  /** The location id as typed or picked (text, validated before sending). */
  locationId: string
  from: string
  to: string
  /** Wait Retry-After and retry after a 429 (the engine re-signs each attempt). */
  autoRetry: boolean
  /**
   * The grant whose location list the id was picked from (null when typed): when the grant changes (another merchant
   * consents), an id picked from the old list is replaced by one of the new list instead of being sent as stale.
   */
  pickedGrant: string | null
  set(patch: Partial<Pick<ExportStore, 'locationId' | 'from' | 'to' | 'autoRetry' | 'pickedGrant'>>): void
}

/** The Export tickets form (UI state only; kept while the user visits other panels, e.g. the inspector). */
export const useExportStore = create<ExportStore>(set => {
  const t = today()
  return {
    locationId: '',
    from: addDays(t, -6),
    to: t,
    autoRetry: false,
    pickedGrant: null,
    set: patch => set(patch),
  }
})

/** Opens Export tickets with a location chosen (from the Locations panel, whose list belongs to `grant`). */
export function exportForLocation(locationId: number, grant: string | null = null): void {
  useExportStore.getState().set({ locationId: String(locationId), pickedGrant: grant })
  useNavStore.getState().go('export')
}
