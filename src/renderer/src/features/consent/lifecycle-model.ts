import type { LifecycleState, OAuthFlowState, OAuthFlowStep } from '../../../../shared/contract'

/** The states of docs/api.md#token-lifecycle as the diagram names them (a Record, so a state added to the contract fails the type check). */
export const LIFECYCLE_LABELS: Record<LifecycleState, string> = {
  'no-authorization': 'No authorization',
  'code-issued': 'Code issued',
  'access-token-valid': 'Access token valid',
  'access-token-expired': 'Access token expired',
  denied: 'Denied',
}

/** The transitions of docs/api.md#token-lifecycle, with the words the spec uses for their triggers. */
interface LifecycleEdge {
  id: string
  from: LifecycleState
  to: LifecycleState
  label: string
  /** Engine trigger names that light this edge. */
  triggers: string[]
}

export const LIFECYCLE_EDGES: LifecycleEdge[] = [
  { id: 'allow', from: 'no-authorization', to: 'code-issued', label: 'Allow', triggers: ['allow'] },
  { id: 'deny', from: 'no-authorization', to: 'denied', label: 'Deny', triggers: ['deny'] },
  { id: 'exchange', from: 'code-issued', to: 'access-token-valid', label: 'token exchange', triggers: ['token-exchange'] },
  {
    id: 'expire',
    from: 'access-token-valid',
    to: 'access-token-expired',
    label: '24 h pass',
    triggers: ['lifetime-elapsed', '24h-passed', '401', 'sandbox-expired', 'sandbox-revoked', 'refresh-failed'],
  },
  { id: 'refresh', from: 'access-token-expired', to: 'access-token-valid', label: 'refresh grant → refreshed', triggers: ['refresh'] },
]

/** The edge that explains how the lifecycle got to `state` (by trigger first, else by the previous state). */
export function litEdge(state: LifecycleState, previous: LifecycleState | null, trigger: string): LifecycleEdge | null {
  const into = LIFECYCLE_EDGES.filter(e => e.to === state)
  return into.find(e => e.triggers.includes(trigger)) ?? into.find(e => e.from === previous) ?? null
}

/** The four steps of the stepper. */
export const STEPS = ['authorize', 'consent', 'callback', 'token'] as const
type StepId = (typeof STEPS)[number]
export type StepStatus = 'pending' | 'current' | 'done' | 'failed'

export const STEP_LABELS: Record<StepId, { title: string; hint: string }> = {
  authorize: { title: 'Authorize', hint: 'Build the URL (4.1)' },
  consent: { title: 'Consent', hint: 'Merchant signs in, Allow or Deny' },
  callback: { title: 'Callback', hint: 'Redirect caught, state checked' },
  token: { title: 'Token', hint: 'Code exchanged (4.2)' },
}

/** How far each engine step got: the index of the current step (all before it are done). */
const CURRENT_INDEX: Record<OAuthFlowStep, number> = {
  idle: -1,
  'authorize-url-built': 0,
  'waiting-for-callback': 1,
  'callback-received': 2,
  exchanging: 3,
  done: 4,
  denied: 1,
  failed: 2,
}

/** Which step a failure belongs to, by the engine's failure code. */
function failedStep(flow: Pick<OAuthFlowState, 'failure' | 'codeFingerprint'>): number {
  const code = flow.failure?.code ?? ''
  if (['timeout', 'cancelled', 'superseded', 'window_closed', 'redirect_mismatch', 'access_denied'].includes(code)) return 1
  if (['state_mismatch', 'state_missing', 'invalid_callback'].includes(code)) return 2
  if (['code_replayed', 'invalid_client', 'token_error', 'invalid_grant', 'network'].includes(code) || flow.codeFingerprint) return 3
  return 2
}

/** The status of each of the four steps for an engine flow state. */
export function stepStatuses(flow: Pick<OAuthFlowState, 'step' | 'failure' | 'codeFingerprint'> | null): Record<StepId, StepStatus> {
  const step = flow?.step ?? 'idle'
  const failedAt = step === 'denied' ? 1 : step === 'failed' && flow ? failedStep(flow) : -1
  const current = failedAt >= 0 ? failedAt : CURRENT_INDEX[step]
  const out = {} as Record<StepId, StepStatus>
  STEPS.forEach((id, i) => {
    if (i === failedAt) out[id] = 'failed'
    else if (i < current) out[id] = 'done'
    else if (i === current && failedAt < 0) out[id] = 'current'
    else out[id] = 'pending'
  })
  return out
}
