import type { EventMessage, EventName, PayloadOf } from '../../../shared/contract'

export type EventListener = (message: EventMessage) => void

/**
 * The engine's typed event stream (main → renderer). The engine emits; each transport subscribes once and forwards
 * to its windows or sockets. A listener that throws is isolated so one broken transport cannot stop the others.
 */
export class EventBus {
  private readonly listeners = new Set<EventListener>()

  emit<E extends EventName>(name: E, payload: PayloadOf<E>): void {
    const message = { name, payload } as EventMessage
    for (const listener of this.listeners) {
      try {
        listener(message)
      } catch {
        // A transport failing to deliver must not break the engine or the other transports.
      }
    }
  }

  subscribe(listener: EventListener): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  get listenerCount(): number {
    return this.listeners.size
  }
}
