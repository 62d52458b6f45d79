/** A horizontal gauge of what remains of a quota; turns amber under 20 % and red at 0. */
export function Gauge({ remaining, limit, label }: { remaining: number; limit: number; label: string }) {
  const ratio = limit > 0 ? Math.max(0, Math.min(1, remaining / limit)) : 0
  const level = remaining <= 0 ? 'empty' : ratio < 0.2 ? 'low' : 'ok'
  return (
    <div
      className={`gauge gauge--${level}`}
      role="meter"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={limit}
      aria-valuenow={remaining}
      aria-valuetext={`${remaining} of ${limit} remaining`}
    >
      <div className="gauge__fill" style={{ width: `${ratio * 100}%` }} />
    </div>
  )
}
