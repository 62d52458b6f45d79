import { create } from 'zustand'
import type { SectionId } from '../frame/sections'

interface NavStore {
  section: SectionId
  drawerOpen: boolean
  go(section: SectionId): void
  toggleDrawer(open?: boolean): void
}

/** Which section the main panel shows and whether the bottom drawer is open. */
export const useNavStore = create<NavStore>((set) => ({
  section: 'overview',
  drawerOpen: true,
  go: (section) => set({ section }),
  toggleDrawer: (open) => set((s) => ({ drawerOpen: open ?? !s.drawerOpen })),
}))
