import type { OAuthFlowState } from '../../../../shared/contract'
import { STEP_LABELS, STEPS, type StepStatus, stepStatuses } from './lifecycle-model'

const MARK: Record<StepStatus, string> = { pending: '○', current: '●', done: '✓', failed: '✕' }
const SAY: Record<StepStatus, string> = { pending: 'not yet', current: 'in progress', done: 'done', failed: 'failed' }

/** The four steps of one authorization attempt (authorize → consent → callback → token), from the engine's flow state. */
export function FlowStepper({ flow }: { flow: OAuthFlowState | null }) {
  const statuses = stepStatuses(flow)
  return (
    <ol className="stepper" aria-label="Consent steps">
      {STEPS.map((id, i) => {
        const status = statuses[id]
        return (
          <li
            key={id}
            className={`stepper__step stepper__step--${status}`}
            data-step={id}
            data-status={status}
            aria-current={status === 'current' ? 'step' : undefined}
          >
            <span className="stepper__mark" aria-hidden="true">
              {status === 'pending' || status === 'current' ? i + 1 : MARK[status]}
            </span>
            <span className="stepper__text">
              <span className="stepper__title">{STEP_LABELS[id].title}</span>
              <span className="stepper__hint">
                {STEP_LABELS[id].hint} · <span className="stepper__state">{SAY[status]}</span>
              </span>
            </span>
          </li>
        )
      })}
    </ol>
  )
}
