import type { ReactNode } from 'react'
import type { SkewStatus } from '../../../../shared/contract'
import { DEFAULT_SKEW_LIMITS, describeOffset, formatOffset, formatUncertainty, SKEW_LEVEL_TEXT } from '../../domain/skew-format'

/** Where on a −lifetime…+lifetime scale a value sits, in percent (clamped to the scale). */
function at(ms: number, lifetimeMs: number): number {
  const clamped = Math.max(-lifetimeMs, Math.min(lifetimeMs, ms))
  return ((clamped + lifetimeMs) / (2 * lifetimeMs)) * 100
}

/**
 * The clock-skew meter: the estimated offset of the server's clock (with its uncertainty) on a scale of ± the 10 s
 * signature lifetime, its zones coloured by the engine's thresholds (ok, at risk, refusals likely). Without an
 * estimate it says how the console gets one. `children` goes under the meter (the time-source switch).
 */
export function SkewMeter({ status, action, children }: { status: SkewStatus | undefined; action?: ReactNode; children?: ReactNode }) {
  const limits = status ?? DEFAULT_SKEW_LIMITS
  const estimate = status?.estimate ?? null
  const level = estimate?.level ?? 'unknown'
  const life = limits.lifetimeMs
  const zones = [
    { from: -life, to: -limits.dangerMs, level: 'danger' },
    { from: -limits.dangerMs, to: -limits.warnMs, level: 'warn' },
    { from: -limits.warnMs, to: limits.warnMs, level: 'ok' },
    { from: limits.warnMs, to: limits.dangerMs, level: 'warn' },
    { from: limits.dangerMs, to: life, level: 'danger' },
  ]
  const ticks = [-life, -life / 2, 0, life / 2, life]
  return (
    <section className={`skew-meter skew-meter--${level}`} aria-label="Clock skew" data-testid="skew-meter">
      <header className="skew-meter__head">
        <h2 className="inspector__h2">Clock skew</h2>
        {estimate ? (
          <>
            <span className="mono skew-meter__value" data-testid="skew-offset">
              {formatOffset(estimate.offsetMs)} {formatUncertainty(estimate.uncertaintyMs)}
            </span>
            <span className={`skew-level skew-level--${estimate.level}`} data-testid="skew-level">
              {SKEW_LEVEL_TEXT[estimate.level]}
            </span>
          </>
        ) : (
          <span className="skew-level skew-level--unknown" data-testid="skew-level">
            Unknown
          </span>
        )}
      </header>
      <div className="skew-scale" aria-hidden="true">
        {zones.map(z => (
          <span
            key={`${z.from}`}
            className={`skew-scale__zone skew-scale__zone--${z.level}`}
            style={{ left: `${at(z.from, life)}%`, width: `${at(z.to, life) - at(z.from, life)}%` }}
          />
        ))}
        {estimate ? (
          <>
            <span
              className="skew-scale__band"
              style={{
                left: `${at(estimate.offsetMs - estimate.uncertaintyMs, life)}%`,
                width: `${at(estimate.offsetMs + estimate.uncertaintyMs, life) - at(estimate.offsetMs - estimate.uncertaintyMs, life)}%`,
              }}
            />
            <span className="skew-scale__marker" style={{ left: `${at(estimate.offsetMs, life)}%` }} />
          </>
        ) : null}
      </div>
      <div className="skew-scale__ticks mono" aria-hidden="true">
        {ticks.map(t => (
          <span key={t} style={{ left: `${at(t, life)}%` }}>
            {t === 0 ? '0' : `${t > 0 ? '+' : '−'}${Math.abs(t) / 1000} s`}
          </span>
        ))}
      </div>
      {estimate ? (
        <meter
          className="visually-hidden"
          aria-label="Clock skew in milliseconds"
          min={-life}
          max={life}
          low={-limits.warnMs}
          high={limits.warnMs}
          value={estimate.offsetMs}
        >
          {formatOffset(estimate.offsetMs)}
        </meter>
      ) : null}
      <p className="skew-meter__text">
        {estimate
          ? describeOffset(estimate)
          : 'No server time known yet: the console learns the server’s clock from the Date header of each response to your own requests (for example an export), or when you read it below.'}{' '}
        A signature lives {life / 1000} s by the server’s clock; skew eats into that budget (at risk from {limits.warnMs / 1000} s, refusals
        likely from {limits.dangerMs / 1000} s).
      </p>
      {action}
      {children}
    </section>
  )
}
