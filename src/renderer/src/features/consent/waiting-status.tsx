import type { OAuthFlowState } from '../../../../shared/contract'
import { Countdown } from '../../ui/countdown'

/** Live status while the engine waits for the redirect: where, how long is left, and a way out. */
export function WaitingStatus({
  flow,
  listeningOn,
  popupBlocked,
  onCancel,
  onReopen,
  onRefused,
  cancelling,
}: {
  flow: OAuthFlowState
  listeningOn: string | null
  popupBlocked: boolean
  onCancel: () => void
  onReopen: (() => void) | null
  /** Opens the redirect check: the server's error page cannot reach the console, the user can. */
  onRefused: () => void
  cancelling: boolean
}) {
  const where =
    flow.mode === 'loopback'
      ? `Listening for the redirect on ${listeningOn ?? 'the redirect URI’s loopback port'}.`
      : flow.mode === 'embedded'
        ? 'The embedded window is open; the redirect is intercepted there.'
        : 'Waiting for you to paste the redirect URL below.'
  return (
    <section className="waiting" role="status" aria-live="polite" aria-label="Waiting for the redirect">
      <span className="waiting__spinner" aria-hidden="true" />
      <div className="waiting__text">
        <strong>Waiting for the merchant to sign in and decide…</strong>
        <span>{where}</span>
        {flow.rejectedCallbacks ? (
          <span className="warn" data-testid="rejected-callbacks">
            Refused {flow.rejectedCallbacks === 1 ? 'a redirect' : `${flow.rejectedCallbacks} redirects`} whose state did not match this
            attempt (not from this authorization: another page or program called the listener). Still waiting for the real one.
          </span>
        ) : null}
        <span>
          Does the authorize page show an error such as “redirect_uri mismatch”? The server will not redirect then:{' '}
          <button type="button" className="link-button" onClick={onRefused}>
            paste the registered URI it shows
          </button>{' '}
          and the console stops waiting.
        </span>
        {popupBlocked ? (
          <span className="warn">The browser blocked the popup: open the authorize page with the button or the link above.</span>
        ) : null}
      </div>
      {flow.expiresAt ? (
        <span className="waiting__left">
          gives up in <Countdown until={flow.expiresAt} done="now" />
        </span>
      ) : null}
      {onReopen ? (
        <button type="button" className="btn btn--small" onClick={onReopen}>
          Reopen authorize page
        </button>
      ) : null}
      <button id="consent-cancel" type="button" className="btn btn--small btn--danger" onClick={onCancel} disabled={cancelling}>
        {cancelling ? 'Cancelling…' : 'Cancel'}
      </button>
    </section>
  )
}
