import type { EventBus } from '../../src/main/engine/core/event-bus'
import { type EventMessage, type EventName, type EventPayloads, isEvent } from '../../src/shared/contract'

/** The payloads of one event among recorded messages, typed by the name (no cast). */
export function payloadsOf<E extends EventName>(events: readonly EventMessage[], name: E): EventPayloads[E][] {
  const out: EventPayloads[E][] = []
  for (const message of events) if (isEvent(message, name)) out.push(message.payload)
  return out
}

/**
 * Resolves with the first `name` event (among those already recorded, then those to come) that `accept` takes:
 * the bus says when, so no test polls or sleeps. Rejects after `timeoutMs` saying what it waited for.
 */
export function nextEvent<E extends EventName>(
  bus: EventBus,
  recorded: readonly EventMessage[],
  name: E,
  accept: (payload: EventPayloads[E]) => boolean = () => true,
  timeoutMs = 10_000,
): Promise<EventPayloads[E]> {
  const seen = payloadsOf(recorded, name).find(accept)
  if (seen !== undefined) return Promise.resolve(seen)
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      off()
      reject(new Error(`no ${name} event within ${timeoutMs} ms`))
    }, timeoutMs)
    const off = bus.on(name, payload => {
      if (!accept(payload)) return
      clearTimeout(timer)
      off()
      resolve(payload)
    })
  })
}
