import { create } from 'zustand'

export type ThemeChoice = 'system' | 'light' | 'dark'

interface ThemeStore {
  choice: ThemeChoice
  setChoice(choice: ThemeChoice): void
}

const KEY = 'partner-console.theme'

function initial(): ThemeChoice {
  try {
    const saved = localStorage.getItem(KEY)
    if (saved === 'light' || saved === 'dark' || saved === 'system') return saved
  } catch {
    // storage unavailable: follow the OS
  }
  return 'system'
}

/** Light/dark follows the OS unless the user picks one; the choice is remembered in this browser profile. */
export const useThemeStore = create<ThemeStore>(set => ({
  choice: initial(),
  setChoice: choice => {
    try {
      localStorage.setItem(KEY, choice)
    } catch {
      // not persisted; still applied
    }
    set({ choice })
  },
}))
