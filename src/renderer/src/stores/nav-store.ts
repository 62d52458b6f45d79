import { create } from 'zustand'
import type { SectionId } from '../frame/section-list'

interface NavStore {
  section: SectionId
  drawerOpen: boolean
  go(section: SectionId): void
  toggleDrawer(open?: boolean): void
}

/** Below this window height the drawer starts folded, so a 1024×700 window keeps its room for the panel. */
const DRAWER_OPEN_MIN_HEIGHT = 720

/** Which section the main panel shows and whether the bottom drawer is open. */
export const useNavStore = create<NavStore>(set => ({
  section: 'overview',
  drawerOpen: typeof window === 'undefined' || window.innerHeight >= DRAWER_OPEN_MIN_HEIGHT,
  go: section => set({ section }),
  toggleDrawer: open => set(s => ({ drawerOpen: open ?? !s.drawerOpen })),
}))
