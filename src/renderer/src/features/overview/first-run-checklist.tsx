import type { FirstRunStatus } from '../../../../shared/contract'
import { useNavStore } from '../../stores/nav-store'
import { FIRST_RUN_TEXT } from './first-run-steps'
import { useSetFirstRunDismissed } from './use-first-run'
import './overview.css'

/**
 * The first-run checklist: each step says what it is for and links to where it is done; its tick comes from the
 * engine (what it saw happen), so the list cannot be ticked by clicking it. Hidden, it leaves a one-line way back.
 */
export function FirstRunChecklist({ status }: { status: FirstRunStatus }) {
  const setDismissed = useSetFirstRunDismissed()
  const nav = useNavStore()
  const done = status.steps.filter(s => s.doneAt !== null).length
  if (status.dismissed) {
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
    <section className="first-run" aria-labelledby="first-run-title">
      <header className="first-run__head">
        <h2 id="first-run-title">First steps</h2>
        <span className="first-run__count" aria-live="polite">
          {status.complete ? 'All done: you have been through the whole flow once.' : `${done} of ${status.steps.length} done`}
        </span>
        <button type="button" className="btn btn--small" onClick={() => setDismissed.mutate(true)}>
          Hide
        </button>
      </header>
      <p className="first-run__note">
        Each step ticks itself when the console sees it done, wherever you do it. Hidden, the list comes back from the palette (Ctrl+K,
        “first steps”).
      </p>
      <ol className="first-run__steps">
        {status.steps.map(step => {
          const text = FIRST_RUN_TEXT[step.id]
          const isDone = step.doneAt !== null
          const go = text.goTo
          return (
            <li
              key={step.id}
              className={isDone ? 'first-run__step first-run__step--done' : 'first-run__step'}
              data-step={step.id}
              data-done={isDone}
            >
              <span className="first-run__mark" role="img" aria-label={isDone ? 'done' : 'not done yet'}>
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
