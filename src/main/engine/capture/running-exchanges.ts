import { EventEmitter } from 'node:events'

/**
 * One exchange's cancel switch, handed to undici as its `signal` (undici takes an EventEmitter with `aborted` and
 * `reason` as well as an AbortSignal): an EventEmitter's listener is added and removed per request far more cheaply
 * than an EventTarget's, and nothing else listens to it.
 */
export class ExchangeCancel extends EventEmitter {
  aborted = false
  reason: unknown = undefined

  /** Cancels the exchange's upstream request once (later calls keep the first reason). */
  abort(reason: unknown): void {
    if (this.aborted) return
    this.aborted = true
    this.reason = reason
    this.emit('abort')
  }
}

/** The cancel switches of a capture's exchanges still running, by the capture's stop signal. */
const running = new WeakMap<AbortSignal, Set<ExchangeCancel>>()

/**
 * A cancel switch for one exchange, thrown with the capture's reason when `stop` aborts (at once when it already has):
 * one 'abort' listener per capture, not one added and removed per exchange. `untrackExchange` when it is over.
 */
export function trackExchange(stop: AbortSignal): ExchangeCancel {
  const cancel = new ExchangeCancel()
  if (stop.aborted) {
    cancel.abort(stop.reason)
    return cancel
  }
  let set = running.get(stop)
  if (!set) {
    const created = new Set<ExchangeCancel>()
    set = created
    running.set(stop, created)
    stop.addEventListener(
      'abort',
      () => {
        for (const c of created) c.abort(stop.reason)
        created.clear()
      },
      { once: true },
    )
  }
  set.add(cancel)
  return cancel
}

/** Forgets an exchange's switch once the exchange is over (nothing is kept per finished exchange). */
export function untrackExchange(stop: AbortSignal, cancel: ExchangeCancel): void {
  running.get(stop)?.delete(cancel)
}
