import type { FirstRunStatus, FirstRunStepId } from '../../../../shared/contract'
import { useNavStore } from '../../stores/nav-store'
import { FIRST_RUN_TEXT } from './first-run-steps'
import { useSetFirstRunDismissed } from './use-first-run'
import './overview.css'

/** Every step, in the checklist's order, while the engine has not said yet which are done. */
const UNREAD_STEPS = (Object.keys(FIRST_RUN_TEXT) as FirstRunStepId[]).map(id => ({ id, doneAt: null, evidence: null }))

/**
 * The first-run checklist: each step says what it is for and links to where it is done; its tick comes from the
 * engine (what it saw happen), so the list cannot be ticked by clicking it. Hidden, it leaves a one-line way back.
 * Without a status yet (the engine still starting), the same list stands in its place with no tick either way, so
 * the screen does not move when the answer comes.
 */
export function FirstRunChecklist({ status }: { status: FirstRunStatus | undefined }) {
  const setDismissed = useSetFirstRunDismissed()
  const nav = useNavStore()
  const steps = status?.steps ?? UNREAD_STEPS
  const done = steps.filter(s => s.doneAt !== null).length
  if (status?.dismissed) {
    return (
      <p className="first-run-hidden">
        First steps hidden ({done} of {status.steps.length} done).{' '}
        <button type="button" className="link-button" onClick={() => setDismissed.mutate(false)}>
          Show the first steps
        </button>
      </p>
    )
  }
  return (
    <section className="first-run" aria-labelledby="first-run-title" aria-busy={!status}>
      <header className="first-run__head">
        <h2 id="first-run-title">First steps</h2>
        <span className="first-run__count" aria-live="polite">
          {!status
            ? 'Reading what the console has seen…'
            : status.complete
              ? 'All done: you have been through the whole flow once.'
              : `${done} of ${steps.length} done`}
        </span>
        <button type="button" className="btn btn--small" disabled={!status} onClick={() => setDismissed.mutate(true)}>
          Hide
        </button>
      </header>
      <p className="first-run__note">
        Each step ticks itself when the console sees it done, wherever you do it. Hidden, the list comes back from the palette (Ctrl+K,
        “first steps”).
      </p>
      <ol className="first-run__steps">
        {steps.map(step => {
          const text = FIRST_RUN_TEXT[step.id]
          const isDone = step.doneAt !== null
          const go = text.goTo
          return (
            <li
              key={step.id}
              className={isDone ? 'first-run__step first-run__step--done' : 'first-run__step'}
              data-step={step.id}
              data-done={status ? isDone : undefined}
            >
              <span className="first-run__mark" role="img" aria-label={!status ? 'not read yet' : isDone ? 'done' : 'not done yet'}>
                {isDone ? '✓' : ''}
              </span>
              <div>
                <strong>{text.title}</strong>
                <p>{text.why}</p>
                <p className="first-run__evidence">{isDone ? `Done: ${step.evidence}.` : text.ticksWhen}</p>
              </div>
              <button
                type="button"
                className="link-button first-run__go"
                onClick={() => ('section' in go ? nav.go(go.section) : nav.toggleDrawer(true))}
              >
                {go.label}
              </button>
            </li>
          )
        })}
      </ol>
    </section>
  )
}
