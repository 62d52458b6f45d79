import { useEffect } from 'react'
import { useActiveEnvironment, useAppInfo, useBuiltInEnvironment } from '../../domain/app-info'
import { useSetActiveEnvironment } from '../../domain/environments'
import { useSandboxAction, useSandboxState } from '../../domain/sandbox'
import { useCommandStore } from '../../stores/command-store'
import { ErrorBox } from '../../ui/error-box'
import { ClockControls } from './clock-controls'
import { FaultControls } from './fault-controls'
import { readFaults, readInstallations, readLimits, readQuotas } from './operator-views'
import { QuotaControls } from './quota-controls'
import { SandboxTokens } from './sandbox-tokens'
import { ScenarioControls } from './scenario-controls'
import './sandbox.css'

/**
 * Sandbox controls for a presenter or support engineer: clock travel, quotas, faults, revoke — only when the active
 * environment is the built-in sandbox; otherwise it says why and offers to switch.
 */
export function SandboxPanel() {
  const info = useAppInfo()
  const active = useActiveEnvironment()
  const builtIn = useBuiltInEnvironment()
  const isSandbox = active?.builtIn === true
  const state = useSandboxState(isSandbox)
  const setActive = useSetActiveEnvironment()
  const clock = useSandboxAction('sandbox:clock')

  useEffect(() => {
    if (!isSandbox) return
    return useCommandStore.getState().register([
      { id: 'sandbox:advance-day', title: 'Sandbox: advance the clock 24 h', run: () => clock.mutate({ advanceSeconds: 86400 }) },
      { id: 'sandbox:reset-clock', title: 'Sandbox: reset the clock', run: () => clock.mutate({ reset: true }) },
    ])
  }, [isSandbox, clock.mutate])

  if (info.data && !isSandbox) {
    return (
      <div className="panel sandbox">
        <h1>Sandbox controls</h1>
        <div className="empty sbx-empty">
          <p>
            These controls drive the built-in sandbox’s operator API. The active environment, <strong>{active?.name ?? 'none'}</strong>, is{' '}
            {active ? 'a real server: its clock, quotas and tokens cannot be changed from here' : 'not set'}.
          </p>
          {builtIn ? (
            <button type="button" className="btn btn--primary" onClick={() => setActive.mutate(builtIn.id)} disabled={setActive.isPending}>
              Switch to {builtIn.name}
            </button>
          ) : (
            <p>The built-in sandbox is not running (the console was started with --no-sandbox).</p>
          )}
          <ErrorBox error={setActive.error} title="Could not switch." />
        </div>
      </div>
    )
  }
  const s = state.data
  return (
    <div className="panel sandbox">
      <h1>Sandbox controls</h1>
      <p className="lead">
        The built-in sandbox at <span className="mono">{s?.url ?? info.data?.sandboxUrl ?? '…'}</span>: move its clock, change its limits,
        inject faults, revoke tokens, or put it into a scenario a merchant reports.
      </p>
      {state.isLoading ? <p className="loading">Asking the sandbox for its state…</p> : null}
      <ErrorBox error={state.error} title="Could not read the sandbox state." onRetry={() => state.refetch()} />
      {s && !s.available ? <p className="empty">{s.reason ?? 'The sandbox controls are unavailable.'}</p> : null}
      {s?.available ? (
        <div className="sbx-grid">
          <div className="sbx-column">
            <ScenarioControls scenarios={s.scenarios} active={s.scenario} />
            <ClockControls clock={s.clock} />
            <FaultControls faults={readFaults(s.faults)} />
          </div>
          <QuotaControls limits={readLimits(s.limits)} quotas={readQuotas(s.quotas)} />
          <SandboxTokens tokens={s.tokens} installations={readInstallations(s.installations)} />
        </div>
      ) : null}
    </div>
  )
}
