import { create } from 'zustand'
import { persist } from 'zustand/middleware'
import { localPreference } from '../stores/local-preference'

/** One install this console made (the API cannot be asked which locations have the integration installed). */
export interface InstallRecord {
  locationId: number
  locationName: string
  merchantId: string
  /** When the server answered 2xx (ISO). */
  installedAt: string
  status: number
  /** The network-log entry of the request. */
  logId: string
}

type RecordsByEnv = Record<string, Record<string, InstallRecord>>

function isRecords(value: unknown): value is RecordsByEnv {
  return !!value && typeof value === 'object' && !Array.isArray(value)
}

interface InstallRecordStore {
  byEnv: RecordsByEnv
  add(envId: string, record: InstallRecord): void
  forget(envId: string): void
}

/**
 * This console's own record of where it installed the integration, per environment id, kept in this browser
 * profile's localStorage by zustand's `persist` (no secrets: ids, names, times, statuses). The engine has no channel
 * for it and the spec offers no "list installations" endpoint, so the UI labels it "installed from this console".
 */
export const useInstallRecords = create<InstallRecordStore>()(
  persist(
    set => ({
      byEnv: {},
      add: (envId, record) => set(s => ({ byEnv: { ...s.byEnv, [envId]: { ...s.byEnv[envId], [String(record.locationId)]: record } } })),
      forget: envId =>
        set(s => {
          const byEnv = { ...s.byEnv }
          delete byEnv[envId]
          return { byEnv }
        }),
    }),
    {
      name: 'partner-console.installs.v1',
      // Before persist the key held the records object itself.
      storage: localPreference(raw => {
        try {
          const byEnv: unknown = JSON.parse(raw)
          return isRecords(byEnv) ? { byEnv } : null
        } catch {
          return null
        }
      }),
      partialize: s => ({ byEnv: s.byEnv }),
      merge: (saved, current) => {
        const byEnv = (saved as Partial<InstallRecordStore> | undefined)?.byEnv
        return isRecords(byEnv) ? { ...current, byEnv } : current
      },
    },
  ),
)

const NONE: Record<string, InstallRecord> = {}

/** The records of one environment (stable identity while unchanged, so it is safe as a zustand selector). */
export function useEnvInstallRecords(envId: string | null): Record<string, InstallRecord> {
  return useInstallRecords(s => (envId ? (s.byEnv[envId] ?? NONE) : NONE))
}
