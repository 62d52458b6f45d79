import { create } from 'zustand'

interface PresenterStore {
  /** Presenter mode as the engine last said (app:info, app:presenter). */
  on: boolean
  set(on: boolean): void
}

/**
 * Presenter mode in the renderer: larger type (the `data-presenter` attribute on <html>), the step-through, and a
 * second masking of every value the bridge hands to a screen. The engine is the authority: this follows it.
 */
export const usePresenterStore = create<PresenterStore>(set => ({
  on: false,
  set: on => {
    document.documentElement.toggleAttribute('data-presenter', on)
    set({ on })
  },
}))
