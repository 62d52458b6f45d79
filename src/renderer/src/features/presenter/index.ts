/** Presenter mode's public entry, for the frame: the status-bar switch and the step-through. */
export { PresenterSteps } from './presenter-steps'
export { PresenterToggle } from './presenter-toggle'
