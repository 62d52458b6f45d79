import { type ComponentType, lazy } from 'react'
import { OverviewPanel } from '../features/overview'
import { SECTION_LIST, type SectionId } from './section-list'

export interface Section {
  id: SectionId
  label: string
  /** One line under the label in the sidebar. */
  hint: string
  component: ComponentType
  /**
   * Loaded on first use (React.lazy): the frame renders it inside a Suspense boundary. The first screen's panel is not:
   * a boundary there would be adopted from the pre-rendered HTML later than the rest, after answers may have come.
   */
  lazy: boolean
}

function lazyPanel(load: () => Promise<{ default: ComponentType }>): { component: ComponentType; lazy: true } {
  return { component: lazy(load), lazy: true }
}

/**
 * Each section's panel, loaded lazily so the first screen stays small; Overview, the first screen itself (5 KB), comes
 * with the frame, so its heading needs no second round trip.
 */
const panels: Record<SectionId, { component: ComponentType; lazy: boolean }> = {
  overview: { component: OverviewPanel, lazy: false },
  environments: lazyPanel(() => import('../features/environments/environments-panel').then(m => ({ default: m.EnvironmentsPanel }))),
  consent: lazyPanel(() => import('../features/consent/consent-panel').then(m => ({ default: m.ConsentPanel }))),
  tokens: lazyPanel(() => import('../features/tokens/tokens-panel').then(m => ({ default: m.TokensPanel }))),
  locations: lazyPanel(() => import('../features/locations/locations-panel').then(m => ({ default: m.LocationsPanel }))),
  export: lazyPanel(() => import('../features/export-tickets/export-tickets-panel').then(m => ({ default: m.ExportTicketsPanel }))),
  requests: lazyPanel(() => import('../features/requests/requests-panel').then(m => ({ default: m.RequestsPanel }))),
  inspector: lazyPanel(() => import('../features/inspector/inspector-panel').then(m => ({ default: m.InspectorPanel }))),
  quotas: lazyPanel(() => import('../features/quotas/quotas-panel').then(m => ({ default: m.QuotasPanel }))),
  sandbox: lazyPanel(() => import('../features/sandbox/sandbox-panel').then(m => ({ default: m.SandboxPanel }))),
  capture: lazyPanel(() => import('../features/capture/capture-panel').then(m => ({ default: m.CapturePanel }))),
  bundle: lazyPanel(() => import('../features/bundle/bundle-panel').then(m => ({ default: m.BundlePanel }))),
}

/** The sidebar's sections, in order (section-list.ts), each with its panel. */
export const sections: Section[] = SECTION_LIST.map(s => ({ ...s, ...panels[s.id] }))
