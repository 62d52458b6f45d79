import { useEffect, useState } from 'react'
import { useNavStore } from '../../stores/nav-store'
import { PRESENTER_STEPS } from './presenter-steps-model'

/** True when a key press belongs to a field the user is typing in (the step keys must not steal it). */
function typing(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null
  if (!el) return false
  return el.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(el.tagName) || el.closest('.monaco-editor') !== null
}

/**
 * The presenter's step-through of the flow: the spec's words for the current step, the panel where it happens, and
 * next/previous from the keyboard (→ or Page Down, ← or Page Up) or the buttons.
 */
export function PresenterSteps() {
  const [index, setIndex] = useState(0)
  const go = useNavStore(s => s.go)
  const step = PRESENTER_STEPS[index] ?? PRESENTER_STEPS[0]
  useEffect(() => {
    if (step) go(step.section)
  }, [step, go])
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.altKey || e.ctrlKey || e.metaKey || typing(e.target)) return
      if (e.key === 'ArrowRight' || e.key === 'PageDown') {
        e.preventDefault()
        setIndex(i => Math.min(PRESENTER_STEPS.length - 1, i + 1))
      } else if (e.key === 'ArrowLeft' || e.key === 'PageUp') {
        e.preventDefault()
        setIndex(i => Math.max(0, i - 1))
      }
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [])
  if (!step) return null
  return (
    <section className="presenter-steps" aria-label="Presenter steps" data-testid="presenter-steps">
      <button
        type="button"
        className="btn"
        onClick={() => setIndex(i => Math.max(0, i - 1))}
        disabled={index === 0}
        aria-label="Previous step"
      >
        ←
      </button>
      <div className="presenter-steps__text" aria-live="polite">
        <p className="presenter-steps__title">
          <span className="presenter-steps__count">
            Step {index + 1} of {PRESENTER_STEPS.length}
          </span>{' '}
          <strong>{step.title}</strong> <span className="presenter-steps__spec">spec {step.spec}</span>
        </p>
        <p className="presenter-steps__words">{step.words}</p>
      </div>
      <button
        type="button"
        className="btn"
        onClick={() => setIndex(i => Math.min(PRESENTER_STEPS.length - 1, i + 1))}
        disabled={index === PRESENTER_STEPS.length - 1}
        aria-label="Next step"
      >
        →
      </button>
    </section>
  )
}
