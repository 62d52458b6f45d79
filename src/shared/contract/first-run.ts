import { z } from 'zod'
import { event, invoke } from './define'

// The `firstRun:*` channels: the first-run checklist on Overview. Each step ticks from what the engine saw (a token,
// a signed 2xx in the network log, an exchange opened), never from a click on the checklist; a step once done stays
// done in the data folder (`first-run.json`), so a reload or a restart keeps the ticks.

/** The steps, in the order a new user takes them. */
export const FIRST_RUN_STEPS = ['environment', 'token', 'locations', 'signed', 'inspected'] as const
export type FirstRunStepId = (typeof FIRST_RUN_STEPS)[number]

interface FirstRunStep {
  id: FirstRunStepId
  /** When the engine first saw the step done (ISO time), or null. */
  doneAt: string | null
  /** What the engine saw that ticked it, in words ("a token for Sandbox (built-in)"), or null. */
  evidence: string | null
}

export interface FirstRunStatus {
  steps: FirstRunStep[]
  /** The user hid the checklist; it comes back from the Help menu (or the palette). */
  dismissed: boolean
  /** Every step is done. */
  complete: boolean
}

export const firstRunChannels = {
  'firstRun:status': invoke(() => z.object({}).strict()).returns<FirstRunStatus>(),
  'firstRun:setDismissed': invoke(() => z.object({ dismissed: z.boolean() }).strict()).returns<FirstRunStatus>(),
}

export const firstRunEvents = {
  /** A step ticked, or the checklist was hidden or shown again. */
  'firstRun:changed': event<FirstRunStatus>(),
}
