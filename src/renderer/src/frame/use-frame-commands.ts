import { useEffect } from 'react'
import { showFirstRunChecklist } from '../features/overview'
import { useCommandStore } from '../stores/command-store'
import { useNavStore } from '../stores/nav-store'
import { useThemeStore } from '../stores/theme-store'
import { sections } from './sections'

/** The palette's always-there commands: go to each section, bring back the first steps, toggle the drawer, pick a theme. */
export function useFrameCommands(): void {
  useEffect(() => {
    const nav = useNavStore.getState()
    const theme = useThemeStore.getState()
    return useCommandStore.getState().register([
      ...sections.map(s => ({ id: `go:${s.id}`, title: `Go to ${s.label}`, run: () => nav.go(s.id) })),
      {
        id: 'help:first-steps',
        title: 'Help: show the first steps',
        run: () => {
          nav.go('overview')
          void showFirstRunChecklist()
        },
      },
      { id: 'drawer:toggle', title: 'Toggle the network log drawer', shortcut: 'Ctrl+`', run: () => nav.toggleDrawer() },
      { id: 'theme:light', title: 'Theme: light', run: () => theme.setChoice('light') },
      { id: 'theme:dark', title: 'Theme: dark', run: () => theme.setChoice('dark') },
      { id: 'theme:system', title: 'Theme: follow the system', run: () => theme.setChoice('system') },
    ])
  }, [])
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && e.key === '`') {
        e.preventDefault()
        useNavStore.getState().toggleDrawer()
      }
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [])
}
