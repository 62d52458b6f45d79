import { lazy, Suspense } from 'react'
import { useActiveEnvironment } from '../domain/app-info'
import { PresenterSteps } from '../features/presenter'
import { useCommandStore } from '../stores/command-store'
import { useNavStore } from '../stores/nav-store'
import { usePresenterStore } from '../stores/presenter-store'
import { Drawer } from './drawer'
import { usePaletteShortcut } from './palette-shortcut'
import { ProductionBand } from './production-band'
import { sections } from './sections'
import { Sidebar } from './sidebar'
import { StatusBar } from './status-bar'
import { useFrameCommands } from './use-frame-commands'

/** The palette's dialog loads the first time it opens: it is not on the first screen's path. */
const CommandPalette = lazy(() => import('./command-palette').then(m => ({ default: m.CommandPalette })))

/** The DevTools-like frame: sidebar, main panel, bottom drawer, status bar. */
export function Frame() {
  useFrameCommands()
  usePaletteShortcut()
  const paletteOpen = useCommandStore(s => s.paletteOpen)
  const section = useNavStore(s => s.section)
  const drawerOpen = useNavStore(s => s.drawerOpen)
  const current = sections.find(s => s.id === section) ?? sections[0]
  const Panel = current?.component
  const active = useActiveEnvironment()
  const production = active?.production === true
  const presenter = usePresenterStore(s => s.on)
  return (
    <div className={`frame${drawerOpen ? ' frame--drawer' : ''}${production ? ' frame--production' : ''}`}>
      {production && active ? <ProductionBand env={active} /> : null}
      {presenter ? (
        <Suspense fallback={null}>
          <PresenterSteps />
        </Suspense>
      ) : null}
      <Sidebar />
      <main className="main-panel" aria-label={current?.label}>
        {Panel && current?.lazy ? (
          <Suspense fallback={<div className="loading">Loading {current.label}…</div>}>
            <Panel />
          </Suspense>
        ) : Panel ? (
          <Panel />
        ) : null}
      </main>
      <Drawer />
      <StatusBar />
      {paletteOpen ? (
        <Suspense fallback={null}>
          <CommandPalette />
        </Suspense>
      ) : null}
    </div>
  )
}
