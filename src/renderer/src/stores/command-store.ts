import { create } from 'zustand'

export interface Command {
  id: string
  title: string
  /** Shown right-aligned in the palette, e.g. "Ctrl+Enter". */
  shortcut?: string
  run(): void
}

interface CommandStore {
  commands: Map<string, Command>
  paletteOpen: boolean
  register(commands: Command[]): () => void
  setPaletteOpen(open: boolean): void
}

/** Commands offered by the palette (Ctrl/Cmd+K); panels register theirs while mounted. */
export const useCommandStore = create<CommandStore>((set, get) => ({
  commands: new Map(),
  paletteOpen: false,
  register(commands) {
    const next = new Map(get().commands)
    for (const c of commands) next.set(c.id, c)
    set({ commands: next })
    return () => {
      const after = new Map(get().commands)
      for (const c of commands) if (after.get(c.id) === c) after.delete(c.id)
      set({ commands: after })
    }
  },
  setPaletteOpen: paletteOpen => set({ paletteOpen }),
}))
