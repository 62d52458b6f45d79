import { SIGNATURE_LIFETIME_MS } from './clock-skew'

/** Whether a timestamp is inside the signature's 10 s lifetime at a given server time. */
export interface SignatureFreshness {
  /** x-timestamp, Unix seconds. */
  timestamp: number
  /** The server time it was checked against, Unix ms. */
  serverNow: number
  /** Server time minus timestamp, in seconds (negative: the timestamp is in the future). */
  ageSeconds: number
  lifetimeSeconds: number
  state: 'fresh' | 'stale' | 'future'
  message: string
}

/**
 * Checks a signature's timestamp against the server's time the way the server does: refused when older than the
 * lifetime, or further than the lifetime in the future.
 */
export function checkFreshness(timestampSeconds: number, serverNowMs: number): SignatureFreshness {
  const ageMs = serverNowMs - timestampSeconds * 1000
  const lifetimeSeconds = SIGNATURE_LIFETIME_MS / 1000
  const ageSeconds = Math.round(ageMs / 100) / 10
  const base = { timestamp: timestampSeconds, serverNow: serverNowMs, ageSeconds, lifetimeSeconds }
  if (ageMs > SIGNATURE_LIFETIME_MS) {
    return {
      ...base,
      state: 'stale',
      message: `The timestamp is ${ageSeconds} s old at the server's time; a signature lives ${lifetimeSeconds} s. Sign again just before sending, and check the clock skew.`,
    }
  }
  if (-ageMs > SIGNATURE_LIFETIME_MS) {
    return {
      ...base,
      state: 'future',
      message: `The timestamp is ${-ageSeconds} s ahead of the server's time; more than ${lifetimeSeconds} s is refused. The local clock is probably fast: sync it (NTP) or sign with the server's time.`,
    }
  }
  return {
    ...base,
    state: 'fresh',
    message: `The timestamp is within the ${lifetimeSeconds} s lifetime (age ${ageSeconds} s at the server's time).`,
  }
}
