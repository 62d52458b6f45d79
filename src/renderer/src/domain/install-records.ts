import { create } from 'zustand'

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

const KEY = 'partner-console.installs.v1'

function load(): RecordsByEnv {
  try {
    const raw = localStorage.getItem(KEY)
    if (!raw) return {}
    const parsed = JSON.parse(raw) as unknown
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as RecordsByEnv) : {}
  } catch {
    return {}
  }
}

function save(records: RecordsByEnv): void {
  try {
    localStorage.setItem(KEY, JSON.stringify(records))
  } catch {
    // Storage unavailable or full: the record lives for this session only.
  }
}

interface InstallRecordStore {
  byEnv: RecordsByEnv
  add(envId: string, record: InstallRecord): void
  forget(envId: string): void
}

/**
 * This console's own record of where it installed the integration, per environment id, kept in this browser
 * profile's localStorage (no secrets: ids, names, times, statuses). The engine has no channel for it and the spec
 * offers no "list installations" endpoint, so the UI labels it "installed from this console".
 */
export const useInstallRecords = create<InstallRecordStore>((set, get) => ({
  byEnv: load(),
  add(envId, record) {
    const current = get().byEnv
    const next = { ...current, [envId]: { ...current[envId], [String(record.locationId)]: record } }
    save(next)
    set({ byEnv: next })
  },
  forget(envId) {
    const next = { ...get().byEnv }
    delete next[envId]
    save(next)
    set({ byEnv: next })
  },
}))

const NONE: Record<string, InstallRecord> = {}

/** The records of one environment (stable identity while unchanged, so it is safe as a zustand selector). */
export function useEnvInstallRecords(envId: string | null): Record<string, InstallRecord> {
  return useInstallRecords(s => (envId ? (s.byEnv[envId] ?? NONE) : NONE))
}
