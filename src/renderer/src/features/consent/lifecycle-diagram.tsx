import type { LifecycleState, OAuthLifecycle } from '../../../../shared/contract'
import { LIFECYCLE_EDGES, LIFECYCLE_LABELS, litEdge } from './lifecycle-model'

interface Box {
  x: number
  y: number
}

const W = 150
const H = 38
const BOXES: Record<LifecycleState, Box> = {
  'no-authorization': { x: 8, y: 8 },
  'code-issued': { x: 8, y: 100 },
  'access-token-valid': { x: 8, y: 192 },
  denied: { x: 282, y: 8 },
  'access-token-expired': { x: 282, y: 192 },
}

/** Each edge's path and where its label sits (left column top to bottom; the right column holds the two other states). */
const PATHS: Record<string, { d: string; lx: number; ly: number; anchor: 'start' | 'middle' | 'end' }> = {
  allow: { d: 'M83 46 V97', lx: 91, ly: 76, anchor: 'start' },
  exchange: { d: 'M83 138 V189', lx: 91, ly: 168, anchor: 'start' },
  deny: { d: 'M158 27 H279', lx: 219, ly: 20, anchor: 'middle' },
  expire: { d: 'M158 202 H279', lx: 219, ly: 195, anchor: 'middle' },
  refresh: { d: 'M282 220 H161', lx: 219, ly: 244, anchor: 'middle' },
}

/**
 * docs/api.md#token-lifecycle drawn as a state diagram: no authorization → code issued → access token valid → expired →
 * refreshed (back to valid), and denied. The current state is lit, and so is the transition that led to it.
 */
export function LifecycleDiagram({ lifecycle, compact = false }: { lifecycle: OAuthLifecycle | null; compact?: boolean }) {
  const state: LifecycleState = lifecycle?.state ?? 'no-authorization'
  const edge = lifecycle ? litEdge(state, lifecycle.previous, lifecycle.trigger) : null
  const label = `Token lifecycle, current state: ${LIFECYCLE_LABELS[state]}`
  return (
    <figure className={`lifecycle${compact ? ' lifecycle--compact' : ''}`}>
      <svg viewBox="0 0 440 252" role="img" aria-label={label} className="lifecycle__svg">
        <title>{label}</title>
        <defs>
          <marker
            id="lc-arrow"
            viewBox="0 0 10 10"
            refX="9"
            refY="5"
            markerUnits="userSpaceOnUse"
            markerWidth="9"
            markerHeight="9"
            orient="auto-start-reverse"
          >
            <path d="M0 0 L10 5 L0 10 z" className="lifecycle__arrowhead" />
          </marker>
          <marker
            id="lc-arrow-lit"
            viewBox="0 0 10 10"
            refX="9"
            refY="5"
            markerUnits="userSpaceOnUse"
            markerWidth="9"
            markerHeight="9"
            orient="auto-start-reverse"
          >
            <path d="M0 0 L10 5 L0 10 z" className="lifecycle__arrowhead lifecycle__arrowhead--lit" />
          </marker>
        </defs>
        {LIFECYCLE_EDGES.map(e => {
          const p = PATHS[e.id]
          if (!p) return null
          const lit = edge?.id === e.id
          return (
            <g
              key={e.id}
              className={`lifecycle__edge${lit ? ' lifecycle__edge--lit' : ''}`}
              data-edge={e.id}
              data-lit={lit ? 'true' : 'false'}
            >
              <path d={p.d} markerEnd={`url(#${lit ? 'lc-arrow-lit' : 'lc-arrow'})`} />
              <text x={p.lx} y={p.ly} textAnchor={p.anchor}>
                {e.label}
              </text>
            </g>
          )
        })}
        {(Object.keys(BOXES) as LifecycleState[]).map(s => {
          const b = BOXES[s]
          const lit = s === state
          const kind =
            s === 'denied' || s === 'access-token-expired'
              ? ' lifecycle__node--bad'
              : s === 'access-token-valid'
                ? ' lifecycle__node--good'
                : ''
          return (
            <g
              key={s}
              className={`lifecycle__node${kind}${lit ? ' lifecycle__node--lit' : ''}`}
              data-state={s}
              data-lit={lit ? 'true' : 'false'}
            >
              <rect x={b.x} y={b.y} width={W} height={H} rx={6} />
              <text x={b.x + W / 2} y={b.y + H / 2 + 5} textAnchor="middle">
                {LIFECYCLE_LABELS[s]}
              </text>
            </g>
          )
        })}
      </svg>
      <figcaption className="lifecycle__caption">
        <span>
          Now: <strong data-testid="lifecycle-current">{LIFECYCLE_LABELS[state]}</strong>
        </span>
        {lifecycle?.previous ? (
          <span className="lifecycle__why">
            after <span className="mono">{lifecycle.trigger}</span> from {LIFECYCLE_LABELS[lifecycle.previous]} at{' '}
            <span className="mono">{new Date(lifecycle.at).toLocaleTimeString()}</span>
          </span>
        ) : (
          <span className="lifecycle__why">Spec section 3: authorization and token lifecycle.</span>
        )}
      </figcaption>
    </figure>
  )
}
