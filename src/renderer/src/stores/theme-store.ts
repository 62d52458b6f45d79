import { create } from 'zustand'
import { persist } from 'zustand/middleware'
import { localPreference } from './local-preference'

export type ThemeChoice = 'system' | 'light' | 'dark'

interface ThemeStore {
  choice: ThemeChoice
  setChoice(choice: ThemeChoice): void
}

const CHOICES: readonly string[] = ['system', 'light', 'dark']

/** Light/dark follows the OS unless the user picks one; the choice is remembered in this browser profile. */
export const useThemeStore = create<ThemeStore>()(
  persist(
    set => ({
      choice: 'system',
      setChoice: choice => set({ choice }),
    }),
    {
      name: 'partner-console.theme',
      // Before persist the key held the bare choice ("dark").
      storage: localPreference(raw => (CHOICES.includes(raw) ? { choice: raw as ThemeChoice } : null)),
      partialize: s => ({ choice: s.choice }),
      merge: (saved, current) => {
        const choice = (saved as Partial<ThemeStore> | undefined)?.choice
        return choice && CHOICES.includes(choice) ? { ...current, choice } : current
      },
    },
  ),
)
