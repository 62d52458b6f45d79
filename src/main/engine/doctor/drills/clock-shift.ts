import type { ServerClockShift } from '../judge'

interface Change {
  requestedAt: number
  settledAt: number | null
  offsetMs: number
}

/**
 * The sandbox clock's offset as the doctor's drills moved it, over time. The skew rule subtracts it from the `Date`
 * of each response; an exchange that overlaps a move (requested, not yet settled) has no known offset and is not
 * judged, so moving the clock never shows as the partner's skew.
 */
export class ClockShift implements ServerClockShift {
  private readonly changes: Change[] = []

  /** Records that a move to `offsetMs` was requested now; call the returned function once the sandbox confirmed it. */
  begin(offsetMs: number, now = Date.now()): (settledAt?: number) => void {
    const change: Change = { requestedAt: now, settledAt: null, offsetMs }
    this.changes.push(change)
    if (this.changes.length > 32) this.changes.shift()
    return (settledAt = Date.now()) => {
      change.settledAt = settledAt
    }
  }

  get currentMs(): number {
    return this.changes.at(-1)?.offsetMs ?? 0
  }

  offsetDuring(startedAt: number, respondedAt: number): number | null {
    let offset = 0
    for (const c of this.changes) {
      const settled = c.settledAt ?? Number.POSITIVE_INFINITY
      if (c.requestedAt <= respondedAt && settled >= startedAt) return null
      if (settled < startedAt) offset = c.offsetMs
    }
    return offset
  }
}
