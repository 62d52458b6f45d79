import type { FlowFailure, OAuthFlowState } from '../../../../shared/contract'
import { RedirectDiff } from './redirect-diff'

/** What the console says about each way a flow can fail: why it happened and what to do next. */
function explain(failure: FlowFailure): { title: string; why: string; next: string } {
  switch (failure.code) {
    case 'access_denied':
      return {
        title: 'The server answered access_denied: a denial or a refused request',
        why: 'The server redirected back with error=access_denied instead of a code. With the spec’s server that means the merchant signed in and clicked Deny (spec 4.1, 7); a standard authorization server also answers it when it refuses the request itself, for example a scope it does not grant (RFC 6749 §4.1.2.1). No code was issued and there is nothing to exchange.',
        next: 'If the merchant clicked Deny, start again and choose Allow. Otherwise check the environment’s extra authorize parameters (scope) and that the client may use this flow.',
      }
    case 'state_mismatch':
    case 'state_missing':
      return {
        title:
          failure.code === 'state_mismatch'
            ? 'Refused: the state does not match (possible CSRF)'
            : 'Refused: the callback carries no state (possible CSRF)',
        why: 'The console sends a fresh random state with every authorize request and accepts a callback only when it comes back unchanged (spec 4.1 recommends it against CSRF). A different or missing state means this redirect does not belong to the request started here: it may be an older attempt, or someone else’s authorization pushed at you (cross-site request forgery, e.g. to connect their merchant account to your console). The code was not exchanged.',
        next: 'Start a new flow and finish it in the window it opens; do not reuse redirect URLs from earlier attempts.',
      }
    case 'redirect_mismatch':
      return {
        title: 'The server refused the redirect URI',
        why: 'The redirect_uri sent must match the registered one exactly, byte for byte (spec 5.1).',
        next: 'Compare them below and fix the environment’s redirect URI (or the registration).',
      }
    case 'timeout':
      return {
        title: 'No redirect arrived in time',
        why: 'The wait for the callback ran out before the browser came back.',
        next: 'Start again and complete the consent page within the time shown.',
      }
    case 'cancelled':
      return { title: 'Cancelled', why: 'The flow was cancelled before a redirect arrived.', next: 'Start again when ready.' }
    default:
      return {
        title: 'The flow failed',
        why: failure.message,
        next: failure.hint ?? 'Start again; if it keeps failing, check the environment settings.',
      }
  }
}

/**
 * One piece of advice, printed once: the engine's hint names this failure's own next step (it knows the server's
 * answer), so it replaces the console's general advice for the code instead of being appended to it.
 */
function whatToDo(failure: FlowFailure, general: string): string {
  return failure.hint?.trim() ? failure.hint : general
}

/** A failure (or a denial) explained: what happened, why, what to do, the server's words and any redirect diagnosis. */
export function FailureView({ failure, denied = false }: { failure: FlowFailure; denied?: boolean }) {
  const text = explain(denied ? { ...failure, code: 'access_denied' } : failure)
  return (
    <section className={`outcome ${denied ? 'outcome--warn' : 'outcome--err'}`} role="alert" aria-label="Outcome">
      <strong>{text.title}</strong>
      <dl className="facts outcome__facts">
        <dt>What happened</dt>
        <dd>{failure.message}</dd>
        <dt>Why</dt>
        <dd>{text.why}</dd>
        <dt>What to do</dt>
        <dd>{whatToDo(failure, text.next)}</dd>
        {failure.serverError ? (
          <>
            <dt>The server said</dt>
            <dd className="mono">
              error={failure.serverError.error}
              {failure.serverError.description ? ` · ${failure.serverError.description}` : ''}
            </dd>
          </>
        ) : null}
      </dl>
      {failure.diagnosis ? <RedirectDiff diagnosis={failure.diagnosis} /> : null}
    </section>
  )
}

/** Reads a FlowFailure out of a bridge error's details, when the engine put one there. */
export function failureOf(details: unknown): FlowFailure | null {
  if (!details || typeof details !== 'object') return null
  const d = details as Record<string, unknown>
  const inner = (d.failure && typeof d.failure === 'object' ? d.failure : d) as Record<string, unknown>
  return typeof inner.code === 'string' && typeof inner.message === 'string' ? (inner as unknown as FlowFailure) : null
}

/** The end of a flow: tokens obtained, access denied explained, or the failure with its cause and diagnosis. */
export function FlowOutcome({ flow, onOpenTokens }: { flow: OAuthFlowState; onOpenTokens: () => void }) {
  if (flow.step === 'done') {
    return (
      <section className="outcome outcome--ok" role="status" aria-label="Outcome">
        <strong>Access granted — tokens obtained.</strong>
        <p>
          The code{flow.codeFingerprint ? <span className="mono"> #{flow.codeFingerprint}</span> : null} was exchanged at the token endpoint
          (spec 4.2)
          {flow.stateChecked === false ? ', without a state check (only a code was pasted)' : ', after the state was checked'}.
        </p>
        <button type="button" className="btn btn--small" onClick={onOpenTokens}>
          Open Tokens
        </button>
      </section>
    )
  }
  const failure: FlowFailure =
    flow.failure ??
    (flow.step === 'denied'
      ? { code: 'access_denied', message: 'The server answered access_denied: a denial or a refused request.' }
      : { code: 'unknown', message: 'The flow failed.' })
  return <FailureView failure={failure} denied={flow.step === 'denied'} />
}
