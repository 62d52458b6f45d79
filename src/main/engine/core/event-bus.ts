import type { EventMessage, EventName, EventPayloads } from '../../../shared/contract'
import { EventHub } from '../../../shared/contract/event-hub'

type EventListener = (message: EventMessage) => void

/**
 * The engine's typed event stream (main → renderer). The engine emits; each transport subscribes once to every
 * message and forwards it to its windows or sockets; engine parts listen to one event by name with `on`. A listener
 * that throws is isolated so one broken transport cannot stop the others.
 */
export class EventBus {
  private readonly all = new Set<EventListener>()
  private readonly named = new EventHub()
  private outbound: ((message: EventMessage) => EventMessage) | null = null

  /** Transforms what the transports forward (presenter mode's masking); engine listeners (`on`) see the original. */
  transformOutbound(transform: (message: EventMessage) => EventMessage): void {
    this.outbound = transform
  }

  /**
   * @param redact applied to every payload before a transport (`subscribe`) sees it: the runtime passes the secret
   * registry's structural redaction, so an event leaving the engine never carries a known secret, whatever the emitter
   * put in it. Engine parts listening with `on` stay inside the engine and get the payload as emitted.
   */
  constructor(private readonly redact: <T>(payload: T) => T = p => p) {}

  emit<E extends EventName>(name: E, payload: EventPayloads[E]): void {
    this.named.deliver<E>({ name, payload } as EventMessage<E>)
    if (this.all.size === 0) return
    let safe: EventPayloads[E]
    try {
      safe = this.redact(payload)
    } catch {
      return
    }
    // The one place a message is assembled: `emit`'s signature ties the payload to the name.
    const assembled = { name, payload: safe } as EventMessage
    let message = assembled
    if (this.outbound) {
      try {
        message = this.outbound(assembled)
      } catch {
        return
      }
    }
    for (const listener of this.all) {
      try {
        listener(message)
      } catch {
        // A transport failing to deliver must not break the engine or the other transports.
      }
    }
  }

  /** Every message, for a transport that forwards them all. */
  subscribe(listener: EventListener): () => void {
    this.all.add(listener)
    return () => this.all.delete(listener)
  }

  /** One event by name, its payload typed by the name. */
  on<E extends EventName>(name: E, listener: (payload: EventPayloads[E]) => void): () => void {
    return this.named.on(name, listener)
  }

  get listenerCount(): number {
    return this.all.size
  }
}
