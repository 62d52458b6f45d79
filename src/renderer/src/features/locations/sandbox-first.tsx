import type { PartnerLocation } from '../../../../shared/contract'
import { ErrorBox } from '../../ui/error-box'
import { useSandboxInstall } from './use-locations'

/**
 * The production guard's offer: the same install against the built-in sandbox before the real one, its answer shown
 * in the dialog. The sandbox has its own merchants and locations, so an unknown location there says the request is
 * well formed (it reached the server's checks), not that the real one will succeed.
 */
export function SandboxFirst({ location, sandboxEnvId }: { location: PartnerLocation; sandboxEnvId: string }) {
  const run = useSandboxInstall(sandboxEnvId, location.id)
  return (
    <div className="loc-sandbox-first">
      <button type="button" className="btn" onClick={() => run.mutate()} disabled={run.isPending}>
        {run.isPending ? 'Trying on the sandbox…' : 'Try it on the sandbox first'}
      </button>
      {run.data ? (
        <span role="status" aria-label="Sandbox result">
          The sandbox answered {run.data.exchange.status} {run.data.exchange.statusText}: the same request installs there.
        </span>
      ) : null}
      <ErrorBox error={run.error} title="On the sandbox, the same install failed." />
    </div>
  )
}
