import type { PartnerLocation } from '../../../../shared/contract'
import { ErrorBox } from '../../ui/error-box'
import { useSandboxTrial } from './use-locations'

/**
 * The production guard's offer: the same install on the built-in sandbox first, at its equivalent location, with the
 * difference said (another merchant, another id), so the answer is about the request, not about a missing location.
 */
export function SandboxFirst({ location, position, sandboxEnvId }: { location: PartnerLocation; position: number; sandboxEnvId: string }) {
  const run = useSandboxTrial(sandboxEnvId, location, position)
  const answer = run.data
  return (
    <div className="loc-sandbox-first">
      <button type="button" className="btn" onClick={() => run.mutate()} disabled={run.isPending}>
        {run.isPending ? 'Trying on the sandbox…' : 'Try it on the sandbox first'}
      </button>
      {answer?.twin && answer.result ? (
        <span role="status" aria-label="Sandbox result">
          The sandbox has its own merchant ({answer.merchant}), so it was tried at its equivalent location {answer.twin.name} (
          <span className="mono">{answer.twin.id}</span>) instead of {location.name} (<span className="mono">{location.id}</span>): it
          answered {answer.result.exchange.status} {answer.result.exchange.statusText}, so the same request installs there.
        </span>
      ) : null}
      {answer && !answer.twin ? (
        <span role="status" aria-label="Sandbox result">
          The sandbox’s merchant{answer.merchant ? ` (${answer.merchant})` : ''} has no location like {location.name}: nothing was tried.
        </span>
      ) : null}
      <ErrorBox error={run.error} title="Not tried on the sandbox." />
      {run.error ? (
        <p className="loc-muted">
          Trying needs the sandbox’s own locations (it has its own merchants, so {location.id} does not exist there): authorize the built-in
          sandbox in the Consent flow first.
        </p>
      ) : null}
    </div>
  )
}
