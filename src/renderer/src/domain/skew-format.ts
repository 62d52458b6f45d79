import type { SkewEstimate, SkewLevel, SkewStatus } from '../../../shared/contract'

/** What each level means to a user, in two words. */
export const SKEW_LEVEL_TEXT = {
  ok: 'OK',
  warn: 'At risk',
  danger: 'Refusals likely',
} as const satisfies Record<SkewLevel, string>

/** The lifetime, warn and danger thresholds when the engine has not answered yet (docs/api.md#hmac-signature: 10 s). */
export const DEFAULT_SKEW_LIMITS = { lifetimeMs: 10_000, warnMs: 3_000, dangerMs: 7_000 }

/** "+1.2 s", "−0.4 s", "0.0 s": an offset in seconds with its sign. */
export function formatOffset(ms: number): string {
  const s = Math.round(ms / 100) / 10
  if (s === 0) return '0.0 s'
  return `${s > 0 ? '+' : '−'}${Math.abs(s).toFixed(1)} s`
}

/** "±0.5 s" */
export function formatUncertainty(ms: number): string {
  return `±${(Math.round(ms / 100) / 10).toFixed(1)} s`
}

/** One sentence on which clock is ahead, by how much, and how sure the estimate is. */
export function describeOffset(estimate: SkewEstimate): string {
  const abs = Math.abs(estimate.offsetMs)
  const amount = `${(Math.round(abs / 100) / 10).toFixed(1)} s`
  const where =
    abs < 50 ? 'in step with this machine' : estimate.offsetMs > 0 ? `${amount} ahead of this machine` : `${amount} behind this machine`
  const samples = `${estimate.samples} sample${estimate.samples === 1 ? '' : 's'}`
  return `The server's clock is ${where} (${formatUncertainty(estimate.uncertaintyMs)}, ${samples}${estimate.source ? `, last from ${estimate.source}` : ''}).`
}

/** The status bar's tooltip: what skew is and why 10 s matters. */
export function skewTooltip(status: SkewStatus | undefined): string {
  const limits = status ?? DEFAULT_SKEW_LIMITS
  const life = limits.lifetimeMs / 1000
  const lines = [
    status?.estimate
      ? describeOffset(status.estimate)
      : 'Clock skew unknown: no response from the server seen yet (it is learnt from the Date header of responses).',
    `A signature lives ${life} s by the server's clock. From ${limits.warnMs / 1000} s of skew, signing is at risk (queued or retried requests cross the lifetime); from ${limits.dangerMs / 1000} s, fresh signatures are likely refused as stale or future.`,
    status?.timeSource === 'server' ? 'Signatures use the server’s estimated time.' : 'Signatures use this machine’s clock.',
    'Click to open the signature inspector.',
  ]
  return lines.join('\n')
}
