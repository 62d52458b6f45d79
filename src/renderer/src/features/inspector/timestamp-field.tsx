import { ErrorBox } from '../../ui/error-box'

function dateOf(text: string): string | null {
  if (!/^\d{1,16}$/.test(text)) return null
  const ms = Number(text) * 1000
  if (!Number.isFinite(ms) || ms > 8.64e15) return null
  return new Date(ms).toISOString().replace('T', ' ').replace('.000Z', ' UTC')
}

/**
 * The x-timestamp to sign with: typed, or set from the engine's clock ("Now") or from the server's estimated clock
 * ("Server time", offered once a response has told the console the offset).
 */
export function TimestampField({
  value,
  onChange,
  problem,
  onNow,
  pending,
  error,
  serverTimeKnown,
}: {
  value: string
  onChange: (value: string) => void
  problem?: string
  onNow: (source: 'local' | 'server') => void
  pending: boolean
  error: unknown
  serverTimeKnown: boolean
}) {
  const date = dateOf(value.trim())
  return (
    <div className="field inspector-field">
      <label className="inspector-field__label" htmlFor="inspector-timestamp">
        <span className="field__label">Timestamp (x-timestamp, Unix seconds)</span>
      </label>
      <div className="inspector-row">
        <input
          id="inspector-timestamp"
          className="mono inspector-row__grow"
          inputMode="numeric"
          value={value}
          spellCheck={false}
          autoComplete="off"
          placeholder="Empty: the signing clock at each signature"
          aria-invalid={problem ? true : undefined}
          onChange={e => onChange(e.target.value)}
        />
        <button
          type="button"
          className="btn btn--small"
          onClick={() => onNow('local')}
          disabled={pending}
          title="This machine’s clock (Ctrl+Enter)"
        >
          Now
        </button>
        <button
          type="button"
          className="btn btn--small"
          onClick={() => onNow('server')}
          disabled={pending || !serverTimeKnown}
          title={
            serverTimeKnown
              ? 'This machine’s clock plus the estimated skew'
              : 'No server time known yet: send a request first (the Date header of responses gives it).'
          }
        >
          Server time
        </button>
      </div>
      {problem ? (
        <span className="inspector-field__problem">{problem}</span>
      ) : date ? (
        <span className="inspector-field__help mono">{date}</span>
      ) : null}
      {error ? <ErrorBox error={error} title="Could not read the signing clock." /> : null}
    </div>
  )
}
