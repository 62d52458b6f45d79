import { createHash, randomBytes } from 'node:crypto'

/** How long a launch URL stays good: long enough for a browser to start, short enough to be dead in any log or `ps`. */
export const LAUNCH_TOKEN_TTL_MS = 60_000
/** Outstanding launch tokens kept at most (the oldest is dropped first): pressing Enter forever costs no memory. */
const MAX_OUTSTANDING = 16

interface LaunchTokens {
  /** A new one-time token: 32 random bytes, base64url. */
  issue(): string
  /** True once for a token issued within the TTL; every later or late presentation, and any other string, is false. */
  redeem(presented: string): boolean
}

/**
 * The web host's one-time launch tokens. A printed or opened URL carries one; it is traded once for the session cookie
 * and dies, so a copy of it (in `/proc/PID/cmdline`, shell history, a terminal log) opens nothing. Only SHA-256 digests
 * are kept, and a lookup by digest does not reveal by its timing how much of a guess was right.
 */
export function createLaunchTokens(ttlMs = LAUNCH_TOKEN_TTL_MS, now: () => number = Date.now): LaunchTokens {
  const expiries = new Map<string, number>()
  const digest = (token: string) => createHash('sha256').update(token).digest('base64url')
  return {
    issue() {
      for (const [key, expires] of expiries) if (expires < now()) expiries.delete(key)
      while (expiries.size >= MAX_OUTSTANDING) expiries.delete(expiries.keys().next().value as string)
      const token = randomBytes(32).toString('base64url')
      expiries.set(digest(token), now() + ttlMs)
      return token
    },
    redeem(presented) {
      const key = digest(presented)
      const expires = expiries.get(key)
      expiries.delete(key)
      return expires !== undefined && expires >= now()
    },
  }
}
