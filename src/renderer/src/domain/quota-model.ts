import type { QuotaKeyState } from '../../../shared/contract'

type QuotaLevel = 'ok' | 'low' | 'empty' | 'blocked'

/** True while a 429 blocks the key at `now`. */
export function isBlocked(q: QuotaKeyState, now: number): boolean {
  return q.retryAfterUntil !== null && Date.parse(q.retryAfterUntil) > now
}

/** What remains as the console sees it: nothing while blocked, else the ledger's prediction (server's word included). */
export function remainingOf(q: QuotaKeyState, now: number): number {
  return isBlocked(q, now) ? 0 : q.predictedRemaining
}

/** The gauge's colour: blocked after a 429, empty at 0, low under 20 %, else ok (the same thresholds as <Gauge>). */
export function quotaLevel(q: QuotaKeyState, now: number): QuotaLevel {
  if (isBlocked(q, now)) return 'blocked'
  const remaining = remainingOf(q, now)
  if (remaining <= 0) return 'empty'
  return q.limit > 0 && remaining / q.limit < 0.2 ? 'low' : 'ok'
}

/**
 * The hottest key: blocked ones first (the one blocked longest), then the lowest remaining ratio, then the most
 * recently updated. Null when nothing is tracked.
 */
export function hottest(keys: readonly QuotaKeyState[], now: number): QuotaKeyState | null {
  let best: QuotaKeyState | null = null
  let bestScore: [number, number, number] = [0, 0, 0]
  for (const q of keys) {
    const blocked = isBlocked(q, now)
    const ratio = q.limit > 0 ? remainingOf(q, now) / q.limit : 1
    const score: [number, number, number] = [
      blocked ? 1 : 0,
      blocked ? Date.parse(q.retryAfterUntil ?? '') : -ratio,
      Date.parse(q.updatedAt) || 0,
    ]
    if (
      !best ||
      score[0] > bestScore[0] ||
      (score[0] === bestScore[0] && (score[1] > bestScore[1] || (score[1] === bestScore[1] && score[2] > bestScore[2])))
    ) {
      best = q
      bestScore = score
    }
  }
  return best
}

/** Keys in a stable reading order: by path, then method. */
export function sortKeys(keys: readonly QuotaKeyState[]): QuotaKeyState[] {
  return [...keys].sort((a, b) => a.path.localeCompare(b.path) || a.method.localeCompare(b.method) || a.clientId.localeCompare(b.clientId))
}

/** `…/locations`: the last segment of a long path, for tight places like the status bar. */
export function shortPath(path: string): string {
  const parts = path.split('/').filter(Boolean)
  return parts.length <= 1 ? path : `…/${parts[parts.length - 1]}`
}

/** "1 h", "15 min", "90 s": a rate-limit window for a human. */
export function formatWindow(seconds: number): string {
  if (seconds % 3600 === 0) return `${seconds / 3600} h`
  if (seconds % 60 === 0) return `${seconds / 60} min`
  return `${seconds} s`
}
