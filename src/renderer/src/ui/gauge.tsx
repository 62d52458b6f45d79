/** A horizontal gauge of what remains of a quota; turns amber under 20 % and red at 0. */
export function Gauge({ remaining, limit, label }: { remaining: number; limit: number; label: string }) {
  const ratio = limit > 0 ? Math.max(0, Math.min(1, remaining / limit)) : 0
  const level = remaining <= 0 ? 'empty' : ratio < 0.2 ? 'low' : 'ok'
  return (
    <div className={`gauge gauge--${level}`}>
      <meter className="visually-hidden" aria-label={label} min={0} max={limit} value={Math.max(0, remaining)}>
        {remaining} of {limit} remaining
      </meter>
      <div className="gauge__fill" style={{ width: `${ratio * 100}%` }} />
    </div>
  )
}
