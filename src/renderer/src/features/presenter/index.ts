import { lazy } from 'react'

/**
 * Presenter mode's public entry, for the frame: the status-bar switch and the step-through. The step-through (and its
 * step texts) loads the first time presenter mode is switched on: it is not on the first screen's path.
 */
export const PresenterSteps = lazy(() => import('./presenter-steps').then(m => ({ default: m.PresenterSteps })))
export { PresenterToggle } from './presenter-toggle'
