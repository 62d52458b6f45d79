import { type ComponentType, lazy } from 'react'
import { OverviewPanel } from '../features/overview'
import { SECTION_LIST, type SectionId } from './section-list'

export interface Section {
  id: SectionId
  label: string
  /** One line under the label in the sidebar. */
  hint: string
  component: ComponentType
}

/**
 * Each section's panel, loaded lazily so the first screen stays small; Overview, the first screen itself (5 KB), comes
 * with the frame, so its heading needs no second round trip.
 */
const panels: Record<SectionId, ComponentType> = {
  overview: OverviewPanel,
  environments: lazy(() => import('../features/environments/environments-panel').then(m => ({ default: m.EnvironmentsPanel }))),
  consent: lazy(() => import('../features/consent/consent-panel').then(m => ({ default: m.ConsentPanel }))),
  tokens: lazy(() => import('../features/tokens/tokens-panel').then(m => ({ default: m.TokensPanel }))),
  locations: lazy(() => import('../features/locations/locations-panel').then(m => ({ default: m.LocationsPanel }))),
  export: lazy(() => import('../features/export-tickets/export-tickets-panel').then(m => ({ default: m.ExportTicketsPanel }))),
  requests: lazy(() => import('../features/requests/requests-panel').then(m => ({ default: m.RequestsPanel }))),
  inspector: lazy(() => import('../features/inspector/inspector-panel').then(m => ({ default: m.InspectorPanel }))),
  quotas: lazy(() => import('../features/quotas/quotas-panel').then(m => ({ default: m.QuotasPanel }))),
  sandbox: lazy(() => import('../features/sandbox/sandbox-panel').then(m => ({ default: m.SandboxPanel }))),
  capture: lazy(() => import('../features/capture/capture-panel').then(m => ({ default: m.CapturePanel }))),
  bundle: lazy(() => import('../features/bundle/bundle-panel').then(m => ({ default: m.BundlePanel }))),
}

/** The sidebar's sections, in order (section-list.ts), each with its panel. */
export const sections: Section[] = SECTION_LIST.map(s => ({ ...s, component: panels[s.id] }))
