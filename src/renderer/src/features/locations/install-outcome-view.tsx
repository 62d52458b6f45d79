import { retryReason } from '../../ui/exchange-summary'
import { formatDuration } from '../../ui/use-now'
import type { InstallOutcome } from './locations-store'

interface Explanation {
  title: string
  why: string
  next: string
  consent?: boolean
}

/** What a failed install means, by status: 403 missing permission, 422 ineligible, 401 after the automatic refresh. */
function explainInstallFailure(outcome: Extract<InstallOutcome, { kind: 'failed' }>, permissions: readonly string[]): Explanation {
  const granted = permissions.length > 0 ? permissions.join(', ') : 'none'
  switch (outcome.status) {
    case 403:
      return {
        title: 'Missing permission (403 Forbidden).',
        why: `Installing needs write:installations (spec 4.5); the merchant granted this token: ${granted}.`,
        next: 'Run the consent flow again with a client that asks for write:installations, and have the merchant allow it.',
        consent: !permissions.includes('write:installations'),
      }
    case 422:
      return {
        title: 'This location is not eligible (422 Unprocessable).',
        why: 'The server refused the location itself (unknown to this merchant, closed, or without an integration-capable POS); its message is below.',
        next: 'Choose another location from the list; list again if the merchant’s locations changed.',
      }
    case 401:
      return {
        title: 'The token was refused (401), even after the automatic refresh.',
        why: 'On a 401 the engine refreshes the access token once and retries once; this answer came after that, so the refresh token no longer works either.',
        next: 'Authorize again in the consent flow.',
        consent: true,
      }
    case 429:
      return {
        title: 'Rate limited (429).',
        why: 'This client has used its quota for POST installations in the rolling window.',
        next: 'Wait for the quota countdown (Quotas panel), then try again.',
      }
    default:
      return {
        title: outcome.status ? `The install failed (${outcome.status}).` : 'The install did not reach the server.',
        why: outcome.status ? 'The server’s answer is below.' : 'No response arrived (network, timeout or cancelled).',
        next: outcome.hint ?? 'Open the request in the network log for the full exchange.',
      }
  }
}

/** The result of the last install at a location, in place: 204 with timing and retries, or the error explained. */
export function InstallOutcomeView({
  outcome,
  permissions,
  onConsent,
}: {
  outcome: InstallOutcome
  permissions: readonly string[]
  onConsent: () => void
}) {
  if (outcome.kind === 'pending') {
    return (
      <p className="loc-outcome loc-outcome--pending" role="status" aria-label="Install result">
        Installing… POST sent, waiting for the server.
      </p>
    )
  }
  if (outcome.kind === 'installed') {
    return (
      <div className="loc-outcome loc-outcome--ok" role="status" aria-label="Install result">
        <strong>
          Installed — {outcome.status} {outcome.statusText || 'No Content'}
        </strong>{' '}
        <span className="loc-muted">
          in {outcome.durationMs < 1000 ? `${Math.round(outcome.durationMs)} ms` : formatDuration(outcome.durationMs)} ·{' '}
          {new Date(outcome.at).toLocaleTimeString()} · log <span className="mono">{outcome.logId}</span>
        </span>
        {outcome.retriedAfter.length > 0 ? (
          <p className="loc-outcome__note">
            {outcome.retriedAfter.map((after, i) => `Attempt ${i + 2}: ${retryReason(after)}.`).join(' ')}
          </p>
        ) : null}
        {outcome.notes.map(n => (
          <p key={n} className="loc-outcome__note">
            {n}
          </p>
        ))}
      </div>
    )
  }
  const e = explainInstallFailure(outcome, permissions)
  return (
    <div className="error-box loc-outcome" role="alert" aria-label="Install result">
      <strong>{e.title}</strong> <span>{e.why}</span>
      <p className="loc-outcome__server mono">
        {outcome.message} <span className="error-box__code">({outcome.code})</span>
      </p>
      <p className="error-box__hint">{e.next}</p>
      {outcome.logId ? (
        <p className="loc-muted">
          Network log entry <span className="mono">{outcome.logId}</span>
        </p>
      ) : null}
      {e.consent ? (
        <button type="button" className="btn btn--small" onClick={onConsent}>
          Go to Consent flow
        </button>
      ) : null}
    </div>
  )
}
