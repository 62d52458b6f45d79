import { Suspense } from 'react'
import { useActiveEnvironment } from '../domain/app-info'
import { PresenterSteps } from '../features/presenter'
import { useNavStore } from '../stores/nav-store'
import { usePresenterStore } from '../stores/presenter-store'
import { CommandPalette } from './command-palette'
import { Drawer } from './drawer'
import { ProductionBand } from './production-band'
import { sections } from './sections'
import { Sidebar } from './sidebar'
import { StatusBar } from './status-bar'
import { useFrameCommands } from './use-frame-commands'

/** The DevTools-like frame: sidebar, main panel, bottom drawer, status bar. */
export function Frame() {
  useFrameCommands()
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
      {presenter ? <PresenterSteps /> : null}
      <Sidebar />
      <main className="main-panel" aria-label={current?.label}>
        <Suspense fallback={<div className="loading">Loading {current?.label}…</div>}>{Panel ? <Panel /> : null}</Suspense>
      </main>
      <Drawer />
      <StatusBar />
      <CommandPalette />
    </div>
  )
}
