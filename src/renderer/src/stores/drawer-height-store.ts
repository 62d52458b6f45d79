import { create } from 'zustand'
import { persist } from 'zustand/middleware'
import { localPreference } from './local-preference'

/** The drawer's smallest height in pixels; a saved height below it is ignored. */
export const DRAWER_MIN_HEIGHT = 140

interface DrawerHeightStore {
  /** The height the user gave the drawer, in pixels; null = the default (a third of the window). */
  height: number | null
  setHeight(height: number | null): void
}

function valid(height: unknown): number | null {
  return typeof height === 'number' && Number.isFinite(height) && height >= DRAWER_MIN_HEIGHT ? Math.round(height) : null
}

/** The drawer height the user chose by dragging its edge, remembered in this browser profile. */
export const useDrawerHeightStore = create<DrawerHeightStore>()(
  persist(
    set => ({
      height: null,
      setHeight: height => set({ height: height === null ? null : Math.round(height) }),
    }),
    {
      name: 'partner-console.drawer-height',
      // Before persist the key held the bare number of pixels ("320").
      storage: localPreference<Pick<DrawerHeightStore, 'height'>>(raw => {
        const height = valid(Number(raw))
        return height === null ? null : { height }
      }),
      partialize: s => ({ height: s.height }),
      merge: (saved, current) => ({ ...current, height: valid((saved as Partial<DrawerHeightStore> | undefined)?.height) }),
    },
  ),
)
