import { ConsoleError } from '../core/console-error'

/** Something `cancel` can stop right now: a running exchange, or a wait before a retry. */
export interface Stoppable {
  cancel(reason: 'cancelled'): void
}

/** The cancel switch of one logical request (all its attempts and the waits between them). */
export class Cancellation {
  cancelled = false
  private current: Stoppable | null = null

  /** Sets what `cancel` stops right now (stopped at once when already cancelled). */
  bind(target: Stoppable): void {
    this.current = target
    if (this.cancelled) target.cancel('cancelled')
  }

  unbind(target: Stoppable): void {
    if (this.current === target) this.current = null
  }

  cancel(): void {
    if (this.cancelled) return
    this.cancelled = true
    this.current?.cancel('cancelled')
  }

  /** Throws ConsoleError('cancelled') once cancelled: called between steps. */
  check(): void {
    if (this.cancelled) throw new ConsoleError('cancelled', 'The request was cancelled.')
  }

  /** Waits `ms`, or rejects with ConsoleError('cancelled') as soon as the request is cancelled. */
  sleep(ms: number): Promise<void> {
    return new Promise((resolve, reject) => {
      const wait: Stoppable = {
        cancel: () => {
          clearTimeout(timer)
          reject(new ConsoleError('cancelled', 'The request was cancelled while waiting to retry.'))
        },
      }
      const timer = setTimeout(() => {
        this.unbind(wait)
        resolve()
      }, ms)
      this.bind(wait)
    })
  }
}

/** Request ids → their cancel switch, for `http:cancel`. */
export class CancellationRegistry {
  private readonly byId = new Map<string, Cancellation>()

  open(requestId: string): Cancellation {
    const c = new Cancellation()
    this.byId.set(requestId, c)
    return c
  }

  close(requestId: string, c: Cancellation): void {
    if (this.byId.get(requestId) === c) this.byId.delete(requestId)
  }

  /** Cancels the request; false when no request with that id is running. */
  cancel(requestId: string): boolean {
    const c = this.byId.get(requestId)
    if (!c) return false
    c.cancel()
    return true
  }

  cancelAll(): void {
    for (const c of this.byId.values()) c.cancel()
  }
}
