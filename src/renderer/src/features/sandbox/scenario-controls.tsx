import { useState } from 'react'
import type { SandboxScenarioInfo } from '../../../../shared/contract'
import { useSandboxAction } from '../../domain/sandbox'
import { ErrorBox } from '../../ui/error-box'

/**
 * Named presets that put the sandbox into a state a merchant reports (docs/sandbox.md, Scenarios): pick one, read what
 * the console will show and how the partner fixes it, apply; one is active at a time and "Back to normal" undoes it.
 */
export function ScenarioControls({ scenarios, active }: { scenarios: SandboxScenarioInfo[]; active: string | null }) {
  const apply = useSandboxAction('sandbox:applyScenario')
  const clear = useSandboxAction('sandbox:clearScenario')
  const [chosen, setChosen] = useState(active ?? scenarios[0]?.name ?? '')
  const info = scenarios.find(s => s.name === chosen)
  const current = scenarios.find(s => s.name === active)
  return (
    <section className="sbx-card" aria-label="Scenarios">
      <h2>Scenarios</h2>
      <p className={current ? 'sbx-scenario-active' : 'sbx-muted'} data-testid="scenario-active">
        {current ? (
          <>
            Active: <strong>{current.title}</strong>
          </>
        ) : (
          'No scenario: the sandbox behaves as the spec says.'
        )}
      </p>
      <form
        className="sbx-form"
        onSubmit={e => {
          e.preventDefault()
          if (info) apply.mutate({ name: info.name })
        }}
      >
        <label className="sbx-inline sbx-full">
          Scenario
          <select value={chosen} onChange={e => setChosen(e.target.value)}>
            {scenarios.map(s => (
              <option key={s.name} value={s.name}>
                {s.title}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="btn btn--primary" disabled={!info || apply.isPending}>
          Apply scenario
        </button>
        <button type="button" className="btn" onClick={() => clear.mutate({})} disabled={clear.isPending || active === null}>
          Back to normal
        </button>
      </form>
      {info ? (
        <dl className="sbx-scenario">
          <dt>What changes</dt>
          <dd>{info.effect}</dd>
          <dt>What the console shows</dt>
          <dd>{info.clientSees}</dd>
          <dt>The partner-side fix</dt>
          <dd>{info.partnerFix}</dd>
        </dl>
      ) : null}
      <ErrorBox error={apply.error} title="Scenario not applied." />
      <ErrorBox error={clear.error} title="Scenario not cleared." />
    </section>
  )
}
