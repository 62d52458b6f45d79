import { create } from 'zustand'
import { useNavStore } from './nav-store'

interface PresenterStore {
  /** Presenter mode as the engine last said (app:info, app:presenter). */
  on: boolean
  set(on: boolean): void
}

/**
 * Presenter mode in the renderer: larger type (the `data-presenter` attribute on <html>), the step-through, and a
 * second masking of every value the bridge hands to a screen. The engine is the authority: this follows it.
 * Turning it on folds the network-log drawer (with the larger type it would leave the section a strip); the drawer's
 * tab and Ctrl+` still open it.
 */
export const usePresenterStore = create<PresenterStore>((set, get) => ({
  on: false,
  set: on => {
    document.documentElement.toggleAttribute('data-presenter', on)
    if (on && !get().on) useNavStore.getState().toggleDrawer(false)
    set({ on })
  },
}))
