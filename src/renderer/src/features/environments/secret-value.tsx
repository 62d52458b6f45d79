import { useEffect, useState } from 'react'
import type { EnvironmentDetail } from '../../../../shared/contract'
import { usePresenterStore } from '../../stores/presenter-store'
import { CopyButton } from '../../ui/copy-button'
import { ErrorBox } from '../../ui/error-box'
import { revealClientSecret } from './use-environment-actions'

const REVEAL_MS = 10_000

/**
 * An environment's client secret, masked, with an explicit Reveal (ten seconds, in this component only) and Copy,
 * fetched on click. Presenter mode offers neither (the engine refuses them too). The built-in sandbox's secret is
 * shown this way as well: its HMAC snippets need `PARTNER_CLIENT_SECRET`.
 */
export function SecretValue({ env }: { env: EnvironmentDetail }) {
  const presenter = usePresenterStore(s => s.on)
  const [shown, setShown] = useState<{ value: string; until: number } | null>(null)
  const [error, setError] = useState<unknown>(null)
  const [left, setLeft] = useState(0)
  useEffect(() => {
    if (!shown) return
    const tick = () => {
      const ms = shown.until - Date.now()
      if (ms <= 0) setShown(null)
      else setLeft(Math.ceil(ms / 1000))
    }
    tick()
    const id = setInterval(tick, 250)
    return () => clearInterval(id)
  }, [shown])
  // Another environment, or presenter mode turned on: the value goes at once.
  useEffect(() => {
    if (presenter || env.id) setShown(null)
  }, [presenter, env.id])

  const secret = env.clientSecret
  if (!secret.present) return <span>none stored</span>
  if (!secret.readable) return <span>{secret.problem ?? 'unreadable'}</span>
  return (
    <span className="secret-value">
      <span className="mono" data-testid="client-secret-value">
        {shown ? shown.value : `${secret.masked} (#${secret.fingerprint})`}
      </span>
      {presenter ? (
        <span className="secret-value__note"> · reveal and copy are off in presenter mode</span>
      ) : (
        <>
          {' '}
          <button
            type="button"
            className="btn btn--small"
            aria-label={shown ? 'Hide the client secret' : 'Reveal the client secret'}
            onClick={async () => {
              if (shown) {
                setShown(null)
                return
              }
              setError(null)
              try {
                setShown({ value: await revealClientSecret(env.id), until: Date.now() + REVEAL_MS })
              } catch (e) {
                setError(e)
              }
            }}
          >
            {shown ? `Hide (${left}s)` : 'Reveal'}
          </button>{' '}
          <CopyButton text={() => revealClientSecret(env.id)} label="Copy secret" />
        </>
      )}
      {error ? <ErrorBox error={error} title="Could not reveal the client secret." /> : null}
    </span>
  )
}
