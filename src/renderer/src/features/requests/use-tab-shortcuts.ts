import { useEffect } from 'react'
import { useRequestsStore } from './requests-store'

/**
 * The tabs' keys while Requests is shown: Ctrl/⌘+T a new tab, Ctrl/⌘+W closes the one in front, Ctrl/⌘+Shift+PageUp /
 * PageDown move it. A browser keeps Ctrl+T and Ctrl+W for itself, so Alt+T and Alt+W do the same there.
 */
export function useTabShortcuts(): void {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const mod = e.ctrlKey || e.metaKey
      const key = e.key.toLowerCase()
      const s = useRequestsStore.getState()
      if ((mod || e.altKey) && !e.shiftKey && key === 't') s.newTab()
      else if ((mod || e.altKey) && !e.shiftKey && key === 'w') s.closeTab()
      else if (mod && e.shiftKey && (e.key === 'PageUp' || e.key === 'PageDown')) {
        const index = s.tabs.findIndex(t => t.id === s.activeId)
        s.moveTab(s.activeId, index + (e.key === 'PageUp' ? -1 : 1))
      } else return
      e.preventDefault()
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [])
}
