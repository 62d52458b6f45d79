import type { OAuthLifecycle } from '../../../shared/contract'
import type { EventBus } from '../core/event-bus'

const KEPT = 200

/**
 * Remembers the token lifecycle transitions of each environment (the `oauth:lifecycle` events), the newest 200, so a
 * repro bundle can carry what happened to the tokens and not only where they are now.
 */
export class LifecycleRecorder {
  private readonly byEnv = new Map<string, OAuthLifecycle[]>()
  private readonly stop: () => void

  constructor(bus: EventBus) {
    this.stop = bus.on('oauth:lifecycle', change => {
      const list = this.byEnv.get(change.envId) ?? []
      list.push(change)
      if (list.length > KEPT) list.splice(0, list.length - KEPT)
      this.byEnv.set(change.envId, list)
    })
  }

  /** The transitions of one environment, oldest first. */
  of(envId: string): OAuthLifecycle[] {
    return [...(this.byEnv.get(envId) ?? [])]
  }

  close(): void {
    this.stop()
  }
}
