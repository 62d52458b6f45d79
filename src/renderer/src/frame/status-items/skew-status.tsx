import { useSkewStatus } from '../../domain/skew'
import { formatOffset, formatUncertainty, skewTooltip } from '../../domain/skew-format'
import { useNavStore } from '../../stores/nav-store'

const LEVEL_COLOUR = { ok: 'var(--ok)', warn: 'var(--warn)', danger: 'var(--err)' } as const

/**
 * Status-bar item: the server's clock offset (± uncertainty) in the colour of its level, live from the `signing:skew`
 * event; the tooltip explains the 10 s signature lifetime. Clicking opens the signature inspector.
 */
export function SkewStatus() {
  const status = useSkewStatus()
  const estimate = status.data?.estimate ?? null
  const level = estimate?.level ?? 'unknown'
  const text = estimate
    ? `${formatOffset(estimate.offsetMs)} ${formatUncertainty(estimate.uncertaintyMs)}`
    : status.isError
      ? 'unavailable'
      : 'unknown'
  return (
    <>
      <span className="status-sep" />
      <button
        type="button"
        className={`status-skew status-skew--${level}`}
        data-testid="status-skew"
        data-level={level}
        title={skewTooltip(status.data)}
        onClick={() => useNavStore.getState().go('inspector')}
        style={{
          border: 0,
          background: 'transparent',
          padding: 0,
          cursor: 'pointer',
          font: 'inherit',
          color: estimate ? LEVEL_COLOUR[estimate.level] : 'var(--fg-2)',
        }}
      >
        Clock skew {text}
        {status.data?.timeSource === 'server' ? ' · server time' : ''}
      </button>
    </>
  )
}
