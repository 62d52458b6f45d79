/** The cancel controllers of a capture's exchanges still running, by the capture's stop signal. */
const running = new WeakMap<AbortSignal, Set<AbortController>>()

/**
 * A controller for one exchange, aborted with the capture's reason when `stop` aborts (at once when it already has):
 * one 'abort' listener per capture, not one added and removed per exchange. `untrackExchange` when it is over.
 */
export function trackExchange(stop: AbortSignal): AbortController {
  const cancel = new AbortController()
  if (stop.aborted) {
    cancel.abort(stop.reason)
    return cancel
  }
  let set = running.get(stop)
  if (!set) {
    const created = new Set<AbortController>()
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

/** Forgets an exchange's controller once the exchange is over (nothing is kept per finished exchange). */
export function untrackExchange(stop: AbortSignal, cancel: AbortController): void {
  running.get(stop)?.delete(cancel)
}
