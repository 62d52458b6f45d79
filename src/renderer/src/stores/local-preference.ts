import type { PersistStorage, StorageValue } from 'zustand/middleware'

/**
 * The storage of a local preference: zustand's `persist` over this browser profile's localStorage, reading a value
 * written by hand under the same key before `persist` (`fromLegacy` turns that raw text into state), so nobody loses
 * a choice when the format moved to persist's `{ state, version }`. Unavailable or full storage is survivable: the
 * preference then lives for this session only.
 */
export function localPreference<S>(fromLegacy: (raw: string) => S | null): PersistStorage<S> {
  return {
    getItem(name) {
      let raw: string | null
      try {
        raw = localStorage.getItem(name)
      } catch {
        return null
      }
      if (raw === null) return null
      const persisted = parsePersisted<S>(raw)
      if (persisted) return persisted
      const state = fromLegacy(raw)
      return state === null ? null : { state, version: 0 }
    },
    setItem(name, value) {
      try {
        localStorage.setItem(name, JSON.stringify(value))
      } catch {
        // not remembered; still applied
      }
    },
    removeItem(name) {
      try {
        localStorage.removeItem(name)
      } catch {
        // nothing to forget
      }
    },
  }
}

/** `{ state, version }` as persist writes it, or null for anything else (a legacy value, damaged JSON). */
function parsePersisted<S>(raw: string): StorageValue<S> | null {
  try {
    const value: unknown = JSON.parse(raw)
    if (!value || typeof value !== 'object') return null
    const { state, version } = value as { state?: unknown; version?: unknown }
    return typeof version === 'number' && state && typeof state === 'object' ? (value as StorageValue<S>) : null
  } catch {
    return null
  }
}
