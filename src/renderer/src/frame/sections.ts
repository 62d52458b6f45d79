import { type ComponentType, lazy } from 'react'

export type SectionId =
  | 'overview'
  | 'environments'
  | 'consent'
  | 'tokens'
  | 'locations'
  | 'export'
  | 'requests'
  | 'inspector'
  | 'quotas'
  | 'sandbox'
  | 'bundle'

export interface Section {
  id: SectionId
  label: string
  /** One line under the label in the sidebar. */
  hint: string
  component: ComponentType
}

/** The sidebar's sections, in order. Each panel is loaded lazily so the first screen stays small. */
export const sections: Section[] = [
  {
    id: 'overview',
    label: 'Overview',
    hint: 'Environment, storage, first steps',
    component: lazy(() => import('../features/overview/overview-panel').then(m => ({ default: m.OverviewPanel }))),
  },
  {
    id: 'environments',
    label: 'Environments',
    hint: 'Sandbox and your own servers',
    component: lazy(() => import('../features/environments/environments-panel').then(m => ({ default: m.EnvironmentsPanel }))),
  },
  {
    id: 'consent',
    label: 'Consent flow',
    hint: 'Authorize, catch the redirect, get tokens',
    component: lazy(() => import('../features/consent/consent-panel').then(m => ({ default: m.ConsentPanel }))),
  },
  {
    id: 'tokens',
    label: 'Tokens',
    hint: 'Access and refresh tokens, expiry',
    component: lazy(() => import('../features/tokens/tokens-panel').then(m => ({ default: m.TokensPanel }))),
  },
  {
    id: 'locations',
    label: 'Locations',
    hint: 'Eligible locations, install',
    component: lazy(() => import('../features/locations/locations-panel').then(m => ({ default: m.LocationsPanel }))),
  },
  {
    id: 'export',
    label: 'Export tickets',
    hint: 'HMAC-signed export',
    component: lazy(() => import('../features/export-tickets/export-tickets-panel').then(m => ({ default: m.ExportTicketsPanel }))),
  },
  {
    id: 'requests',
    label: 'Requests',
    hint: 'Compose, resend, compare, copy as',
    component: lazy(() => import('../features/requests/requests-panel').then(m => ({ default: m.RequestsPanel }))),
  },
  {
    id: 'inspector',
    label: 'Signature inspector',
    hint: 'Canonical string, verify, clock skew',
    component: lazy(() => import('../features/inspector/inspector-panel').then(m => ({ default: m.InspectorPanel }))),
  },
  {
    id: 'quotas',
    label: 'Quotas',
    hint: 'Rate limits per method and path',
    component: lazy(() => import('../features/quotas/quotas-panel').then(m => ({ default: m.QuotasPanel }))),
  },
  {
    id: 'sandbox',
    label: 'Sandbox controls',
    hint: 'Clock, quotas, faults, revoke',
    component: lazy(() => import('../features/sandbox/sandbox-panel').then(m => ({ default: m.SandboxPanel }))),
  },
  {
    id: 'bundle',
    label: 'Repro bundle',
    hint: 'Open read-only, replay, compare',
    component: lazy(() => import('../features/bundle/bundle-panel').then(m => ({ default: m.BundlePanel }))),
  },
]
