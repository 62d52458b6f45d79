import { type ComponentType, lazy } from 'react'

export type SectionId = 'overview'

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
    component: lazy(() => import('../features/overview/overview-panel').then((m) => ({ default: m.OverviewPanel }))),
  },
]
