import { type RefObject, useEffect, useRef } from 'react'

interface PanelShortcutOptions {
  /** Listen inside this element only (the key must be pressed with focus in it); default: the whole window. */
  scope?: RefObject<HTMLElement | null>
  /** Leave a key press alone when something inside already handled it (an editor's own Ctrl+Enter); default true. */
  skipHandled?: boolean
}

/**
 * A panel's main action on Ctrl+Enter (Cmd+Enter on macOS): send, sign, check. The latest `run` is called, so a panel
 * passes a fresh closure on every render without re-subscribing; the listener goes with the panel.
 */
export function usePanelShortcut(run: () => void, { scope, skipHandled = true }: PanelShortcutOptions = {}): void {
  const latest = useRef(run)
  latest.current = run
  useEffect(() => {
    const target: HTMLElement | Window | null = scope ? scope.current : window
    if (!target) return
    const onKey = (e: Event) => {
      if (!(e instanceof KeyboardEvent) || !(e.ctrlKey || e.metaKey) || e.key !== 'Enter') return
      if (skipHandled && e.defaultPrevented) return
      e.preventDefault()
      latest.current()
    }
    target.addEventListener('keydown', onKey)
    return () => target.removeEventListener('keydown', onKey)
  }, [scope, skipHandled])
}
