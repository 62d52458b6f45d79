import { useId, useState } from 'react'
import type { EnvironmentSummary } from '../../../../shared/contract'
import { useProbePaths, useReadServerClock } from '../../domain/clock-probe'
import { describeOffset, SKEW_LEVEL_TEXT } from '../../domain/skew-format'
import { ErrorBox } from '../../ui/error-box'

/**
 * "Read the server's clock": the only way the console measures a server's clock on purpose. Nothing is sent until the
 * user presses it: the built-in sandbox tells its exact clock; another server gets one unauthenticated GET of the path
 * chosen here (its Date header), and a production one only once its name is typed, as for a production install.
 */
export function ClockProbe({ env }: { env: EnvironmentSummary }) {
  const last = useProbePaths(s => s.byEnvironment[env.id])
  const [path, setPath] = useState(last ?? '/')
  const [confirming, setConfirming] = useState(false)
  const [typed, setTyped] = useState('')
  const read = useReadServerClock()
  const pathId = useId()
  const confirmId = useId()
  const matches = typed === env.name
  const send = (confirmProduction?: string) => {
    setConfirming(false)
    setTyped('')
    read.mutate(confirmProduction === undefined ? { environmentId: env.id, path } : { environmentId: env.id, path, confirmProduction })
  }
  const estimate = read.data?.estimate ?? null
  return (
    <section className="clock-probe" aria-label="Read the server’s clock">
      {env.builtIn ? (
        <p className="inspector-field__help">
          The built-in sandbox tells its exact clock when asked (its operator API); nothing else is sent.
        </p>
      ) : (
        <div className="inspector-field">
          <label htmlFor={pathId}>Path to read the clock from</label>
          <input
            id={pathId}
            className="mono"
            value={path}
            onChange={e => setPath(e.target.value)}
            spellCheck={false}
            autoComplete="off"
            disabled={confirming || read.isPending}
          />
          <span className="inspector-field__help">
            One unauthenticated GET {env.baseUrl}
            {path}: its Date header gives the server’s time (to the second). Choose a cheap path, such as a health check.
          </span>
        </div>
      )}
      {confirming ? (
        <form
          className="clock-probe__confirm"
          role="alertdialog"
          aria-label="Confirm reading a production clock"
          onSubmit={e => {
            e.preventDefault()
            if (matches) send(typed)
          }}
        >
          <p>
            <strong>Production: {env.name}.</strong> Reading its clock sends one unauthenticated GET {path} to it, which counts against its
            quotas. Type the environment’s name to send it.
          </p>
          <label htmlFor={confirmId} className="field__label">
            Type the environment name to confirm (production)
          </label>
          <input
            id={confirmId}
            className="input"
            value={typed}
            onChange={e => setTyped(e.target.value)}
            placeholder={env.name}
            autoComplete="off"
          />
          {typed !== '' && !matches ? <span className="inspector-field__help"> Does not match “{env.name}” yet.</span> : null}
          <div className="clock-probe__actions">
            <button type="button" className="btn btn--small" onClick={() => setConfirming(false)}>
              Cancel
            </button>
            <button type="submit" className="btn btn--small btn--danger" disabled={!matches}>
              Read the clock of {env.name}
            </button>
          </div>
        </form>
      ) : (
        <button
          type="button"
          className="btn btn--small"
          disabled={read.isPending}
          onClick={() => (env.production ? setConfirming(true) : send())}
        >
          {read.isPending ? 'Reading the server’s clock…' : 'Read the server’s clock'}
        </button>
      )}
      {read.isSuccess && !read.isPending ? (
        <p role="status" aria-label="Clock reading" className="clock-probe__result">
          {estimate
            ? `${SKEW_LEVEL_TEXT[estimate.level]}: ${describeOffset(estimate)}`
            : 'The server answered, but gave no time the console could read.'}
        </p>
      ) : null}
      <ErrorBox error={read.error} title="The server’s clock was not read." />
    </section>
  )
}
