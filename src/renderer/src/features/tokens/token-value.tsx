import { useEffect, useState } from 'react'
import type { MaskedToken } from '../../../../shared/contract'
import { CopyButton } from '../../ui/copy-button'
import { ErrorBox } from '../../ui/error-box'
import { revealToken } from './use-tokens'

const REVEAL_MS = 10_000

/**
 * One token, masked, with its fingerprint. Reveal and copy are explicit: the value is fetched on click, shown for ten
 * seconds in this component only (never a store, never the query cache), then dropped.
 */
export function TokenValue({ envId, kind, token }: { envId: string | null; kind: 'access' | 'refresh'; token: MaskedToken | null }) {
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

  // A new token (refresh) hides the old value at once.
  const fingerprint = token?.fingerprint ?? null
  useEffect(() => {
    if (fingerprint !== null) setShown(null)
  }, [fingerprint])

  if (!token) return <span className="empty">none</span>
  const label = kind === 'access' ? 'access token' : 'refresh token'
  return (
    <div className="token-value">
      <code className="mono token-value__text" data-testid={`${kind}-token`}>
        {shown ? shown.value : token.masked}
      </code>
      <span
        className="badge mono"
        title={`Fingerprint of the ${label}: the same token always has the same one`}
        data-testid={`${kind}-fingerprint`}
      >
        #{token.fingerprint}
      </span>
      <button
        type="button"
        className="btn btn--small"
        aria-label={shown ? `Hide the ${label}` : `Reveal the ${label}`}
        onClick={async () => {
          if (shown) {
            setShown(null)
            return
          }
          setError(null)
          try {
            setShown({ value: await revealToken(envId, kind), until: Date.now() + REVEAL_MS })
          } catch (e) {
            setError(e)
          }
        }}
      >
        {shown ? `Hide (${left}s)` : 'Reveal'}
      </button>
      <CopyButton text={() => revealToken(envId, kind)} label={`Copy ${kind}`} />
      {error ? <ErrorBox error={error} title={`Could not reveal the ${label}.`} /> : null}
    </div>
  )
}
