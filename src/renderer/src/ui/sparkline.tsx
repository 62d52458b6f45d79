/** A tiny bar chart of counts (e.g. requests per minute over the last 60 minutes), newest on the right. */
export function Sparkline({
  values,
  width = 120,
  height = 24,
  label,
}: {
  values: number[]
  width?: number
  height?: number
  label: string
}) {
  const max = Math.max(1, ...values)
  const bar = values.length > 0 ? width / values.length : width
  return (
    <svg className="sparkline" width={width} height={height} role="img" aria-label={label} viewBox={`0 0 ${width} ${height}`}>
      <title>{label}</title>
      {values.map((v, i) => {
        const h = v === 0 ? 0 : Math.max(1, (v / max) * (height - 1))
        // biome-ignore lint/suspicious/noArrayIndexKey: bars are positional
        return <rect key={i} x={i * bar} y={height - h} width={Math.max(1, bar - 0.5)} height={h} />
      })}
      <line x1="0" x2={width} y1={height - 0.5} y2={height - 0.5} className="sparkline__base" />
    </svg>
  )
}
