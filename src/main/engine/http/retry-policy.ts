/** Retries after 429 made automatically before giving the 429 back. */
export const MAX_AUTO_RETRIES = 3
/** Longest wait an automatic retry accepts (a longer Retry-After is returned to the user to decide). */
export const MAX_AUTO_RETRY_WAIT_MS = 120_000
const BASE_MS = 1000

/**
 * The wait before automatic retry number `retry` (0-based) after a 429: at least what the server asked for
 * (Retry-After, or the 60 s default), at least an exponential floor (1 s, 2 s, 4 s…), plus random jitter of up to
 * 250 ms × 2^retry (capped at 2 s) so that many clients released together do not hit the server in the same instant.
 */
export function retryDelayMs(retry: number, serverWaitMs: number, random: () => number = Math.random): number {
  const floor = BASE_MS * 2 ** retry
  const jitter = Math.min(2000, 250 * 2 ** retry) * random()
  return Math.ceil(Math.max(serverWaitMs, floor) + jitter)
}
