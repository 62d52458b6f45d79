const MAX_TIMER_MS = 2 ** 31 - 1

/** What a deadline stops when it passes (an exchange's overall timeout). */
interface Expiring {
  expire(): void
}

/** One registered deadline; `clear` it when its exchange settles first. */
export interface Deadline {
  readonly at: number
  target: Expiring | null
  readonly queue: DeadlineQueue
}

/** Deadlines of one timeout length, in the order they were added: the order they pass in (performance.now grows). */
interface DeadlineQueue {
  items: Deadline[]
  head: number
}

/**
 * The overall timeouts of one HTTP client's exchanges, watched by a single timer instead of a setTimeout and a
 * clearTimeout per request. Deadlines of the same length pass in the order they were added, so each length keeps a
 * plain queue (settled ones are skipped, and dropped from the front as soon as they are settled there); the timer is
 * armed for the earliest live deadline and re-armed only when a shorter one arrives. A deadline fires when
 * performance.now() has reached it, never before (a timer that wakes early waits again), like the per-request timer did.
 */
export class DeadlineTimer {
  private readonly queues = new Map<number, DeadlineQueue>()
  private timer: NodeJS.Timeout | null = null
  private armedAt = Number.POSITIVE_INFINITY

  /**
   * Calls `target.expire()` once `timeoutMs` have passed since `from` (a performance.now() reading, default now),
   * unless `clearDeadline` is called first.
   */
  add(target: Expiring, timeoutMs: number, from: number = performance.now()): Deadline {
    let queue = this.queues.get(timeoutMs)
    if (!queue) {
      queue = { items: [], head: 0 }
      this.queues.set(timeoutMs, queue)
    }
    const deadline: Deadline = { at: from + timeoutMs, target, queue }
    queue.items.push(deadline)
    if (deadline.at < this.armedAt) this.arm(deadline.at)
    return deadline
  }

  /** Stops the timer (client shutdown); the exchanges still registered are stopped by the client itself. */
  close(): void {
    if (this.timer) clearTimeout(this.timer)
    this.timer = null
    this.armedAt = Number.POSITIVE_INFINITY
    this.queues.clear()
  }

  private arm(at: number): void {
    if (this.timer) clearTimeout(this.timer)
    this.armedAt = at
    // Node's longest timer is 2^31-1 ms: a farther deadline wakes the timer early, and it waits again.
    this.timer = setTimeout(fire, Math.min(MAX_TIMER_MS, Math.max(1, Math.ceil(at - performance.now()))), this)
    this.timer.unref()
  }

  /** The timer woke: expire every deadline reached, then wait for the earliest one left. */
  expireDue(): void {
    this.timer = null
    this.armedAt = Number.POSITIVE_INFINITY
    const now = performance.now()
    let next = Number.POSITIVE_INFINITY
    for (const [length, queue] of this.queues) {
      dropSettled(queue)
      while (queue.head < queue.items.length) {
        const d = queue.items[queue.head] as Deadline
        if (d.at > now) break
        queue.head++
        const target = d.target
        d.target = null
        // Expiring settles the exchange, which clears its deadline (already null): the queue is read afresh each turn.
        target?.expire()
        dropSettled(queue)
      }
      if (queue.head < queue.items.length) next = Math.min(next, (queue.items[queue.head] as Deadline).at)
      else this.queues.delete(length)
    }
    if (next < Number.POSITIVE_INFINITY) this.arm(next)
  }
}

/** The exchange settled first: its deadline will not fire, and no longer holds the exchange. */
export function clearDeadline(deadline: Deadline): void {
  deadline.target = null
  dropSettled(deadline.queue)
}

function fire(timer: DeadlineTimer): void {
  timer.expireDue()
}

/** Drops settled deadlines from the front of a queue (most exchanges settle in the order they started). */
function dropSettled(queue: DeadlineQueue): void {
  const items = queue.items
  while (queue.head < items.length && (items[queue.head] as Deadline).target === null) queue.head++
  // Settled ones stay behind the head (their exchanges already let go) until a thousand have gathered: one new array
  // per thousand exchanges, not a shrink and a regrowth of the array for each.
  if (queue.head > 1024 && queue.head * 2 > items.length) {
    queue.items = items.slice(queue.head)
    queue.head = 0
  }
}
