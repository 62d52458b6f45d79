import type { EventMessage, EventName, EventPayloads } from './index'

type ListenerMap = { [E in EventName]?: Set<(payload: EventPayloads[E]) => void> }

/**
 * Listeners by event name, typed end to end: `on('log:entry', fn)` gives `fn` a `LogEntrySummary`, and `deliver` hands
 * each message to the listeners of its name. Used by the engine's bus, the preload and the web client, so no side casts
 * a payload. A listener that throws does not stop the others.
 */
export class EventHub {
  private readonly listeners: ListenerMap = {}

  on<E extends EventName>(name: E, listener: (payload: EventPayloads[E]) => void): () => void {
    const set: Set<(payload: EventPayloads[E]) => void> = this.listeners[name] ?? new Set()
    this.listeners[name] = set as ListenerMap[E]
    set.add(listener)
    return () => {
      set.delete(listener)
    }
  }

  deliver<E extends EventName>(message: EventMessage<E>): void {
    const set: Set<(payload: EventPayloads[E]) => void> | undefined = this.listeners[message.name]
    if (!set) return
    for (const listener of set) {
      try {
        listener(message.payload)
      } catch {
        // One broken listener must not keep the event from the others.
      }
    }
  }
}
