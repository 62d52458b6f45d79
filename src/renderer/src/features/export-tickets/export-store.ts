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
  set(patch: Partial<Pick<ExportStore, 'locationId' | 'from' | 'to' | 'autoRetry'>>): void
}

/** The Export tickets form (UI state only; kept while the user visits other panels, e.g. the inspector). */
export const useExportStore = create<ExportStore>(set => {
  const t = today()
  return {
    locationId: '',
    from: addDays(t, -6),
    to: t,
    autoRetry: false,
    set: patch => set(patch),
  }
})

/** Opens Export tickets with a location chosen (from the Locations panel). */
export function exportForLocation(locationId: number): void {
  useExportStore.getState().set({ locationId: String(locationId) })
  useNavStore.getState().go('export')
}
