import { useId, useState } from 'react'
import { ErrorBox } from '../../ui/error-box'
import { useSandboxTrial } from './use-requests'

/**
 * The composer's production guard: a state-changing request to an environment marked production is sent only once
 * its name is typed (the engine checks the same text), with an offer to send the same draft to the sandbox first.
 */
export function ProductionConfirm({
  envName,
  method,
  sandboxEnvId,
  onConfirm,
  onCancel,
}: {
  envName: string
  method: string
  sandboxEnvId: string | null
  onConfirm: (typed: string) => void
  onCancel: () => void
}) {
  const [typed, setTyped] = useState('')
  const inputId = useId()
  const trial = useSandboxTrial(sandboxEnvId)
  const matches = typed === envName
  return (
    <form
      className="wb-production"
      role="alertdialog"
      aria-label="Confirm a change in production"
      onSubmit={e => {
        e.preventDefault()
        if (matches) onConfirm(typed)
      }}
    >
      <p>
        <strong>Production: {envName}.</strong> {method} changes real merchants’ data. Type the environment’s name to send it.
      </p>
      <label htmlFor={inputId} className="field__label">
        Type the environment name to confirm (production)
      </label>
      <input
        id={inputId}
        className="input"
        value={typed}
        onChange={e => setTyped(e.target.value)}
        placeholder={envName}
        autoComplete="off"
      />
      {typed !== '' && !matches ? <span className="wb-muted"> Does not match “{envName}” yet.</span> : null}
      <div className="wb-line">
        {sandboxEnvId ? (
          <button type="button" className="btn" onClick={() => trial.mutate()} disabled={trial.isPending}>
            {trial.isPending ? 'Sending to the sandbox…' : 'Try it on the sandbox first'}
          </button>
        ) : null}
        <button type="button" className="btn" onClick={onCancel}>
          Cancel
        </button>
        <button type="submit" className="btn btn--danger" disabled={!matches}>
          Send to {envName}
        </button>
      </div>
      {trial.data ? (
        <p role="status" aria-label="Sandbox result">
          The sandbox answered {trial.data.status} {trial.data.statusText}.
        </p>
      ) : null}
      <ErrorBox error={trial.error} title="On the sandbox, the same request failed." />
    </form>
  )
}
