import { useEffect } from 'react'
import { useCommandStore } from '../stores/command-store'

/** Ctrl/Cmd+K opens (or closes) the command palette, from anywhere in the frame. */
export function usePaletteShortcut(): void {
  const setOpen = useCommandStore(s => s.setPaletteOpen)
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 'k') {
        e.preventDefault()
        setOpen(!useCommandStore.getState().paletteOpen)
      }
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [setOpen])
}
