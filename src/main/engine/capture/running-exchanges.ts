/**
 * One exchange's cancel switch, handed to undici as its `signal`: undici takes anything with `aborted`, `reason`,
 * `once('abort')` and `removeListener` (an EventEmitter's shape) and adds one listener per request. It keeps its
 * listeners in a field (an array only past one), so making, arming and disarming it per request costs next to
 * nothing, where an EventEmitter or an EventTarget per request costs their setup.
 */
export class ExchangeCancel {
  aborted = false
  reason: unknown = undefined
  /** The client went away before the exchange was over (the exchange is logged as the client's hop). */
  clientGone = false
  private first: (() => void) | null = null
  private more: Array<() => void> | null = null

  /** Cancels the exchange's upstream request once (later calls keep the first reason), telling every listener. */
  abort(reason: unknown): void {
    if (this.aborted) return
    this.aborted = true
    this.reason = reason
    const first = this.first
    const more = this.more
    this.first = null
    this.more = null
    first?.()
    if (more) for (const listener of more) listener()
  }

  /** Adds an 'abort' listener, called once (undici's way in: `signal.once('abort', …)`). */
  once(event: string, listener: () => void): this {
    if (event !== 'abort') return this
    if (this.first === null) this.first = listener
    else if (this.more === null) this.more = [listener]
    else this.more.push(listener)
    return this
  }

  /** An EventEmitter's `on`, which undici checks for: the same as `once` (the switch fires once). */
  on(event: string, listener: () => void): this {
    return this.once(event, listener)
  }

  /** Removes an 'abort' listener (undici's, once its request is over). */
  removeListener(event: string, listener: () => void): this {
    if (event !== 'abort') return this
    if (this.first === listener) this.first = null
    else if (this.more) {
      const at = this.more.indexOf(listener)
      if (at >= 0) this.more.splice(at, 1)
    }
    return this
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
