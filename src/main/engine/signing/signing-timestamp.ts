import type { ClockSkewEstimator, SkewEstimate } from './clock-skew'

/** The timestamp a signature made now would carry, and why. */
interface SigningTime {
  /** Unix seconds to put in x-timestamp and the canonical string. */
  timestamp: number
  /** The setting. */
  timeSource: 'local' | 'server'
  /** True when the server's estimated time was actually used (setting 'server' and an estimate exists). */
  usedServerTime: boolean
  /** Unix seconds by the local clock, for comparison. */
  localTimestamp: number
  estimate: SkewEstimate | null
}

/**
 * What time to sign with: local seconds, or the server's estimated seconds when the user chose "sign with the
 * server's time" and an estimate exists. Falls back to the local clock while no response has been seen.
 */
export function signingTime(skew: ClockSkewEstimator): SigningTime {
  const localMs = Date.now()
  const estimate = skew.estimate()
  const timeSource = skew.timeSource
  const useServer = timeSource === 'server' && estimate !== null
  const ms = useServer ? localMs + estimate.offsetMs : localMs
  return {
    timestamp: Math.floor(ms / 1000),
    timeSource,
    usedServerTime: useServer,
    localTimestamp: Math.floor(localMs / 1000),
    estimate,
  }
}

/**
 * The x-timestamp for a signature made right now (Unix seconds). The executor calls it at the moment of sending and
 * again before every retry, so each attempt carries a fresh signature within the 10 s lifetime.
 */
export function signingTimestamp(skew: ClockSkewEstimator): number {
  return signingTime(skew).timestamp
}
