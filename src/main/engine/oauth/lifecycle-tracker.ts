import { LIFECYCLE_STATES, type LifecycleState, type OAuthLifecycle } from '../../../shared/contract'
import type { EventBus } from '../core/event-bus'

/**
 * The transitions of docs/api.md#token-lifecycle, with the console's names for their triggers. The tracker accepts the console's
 * own extra moves too (forget → no authorization, a failed exchange going back, a new authorization over old
 * tokens); these are the ones the diagram draws.
 */
export const SPEC_TRANSITIONS: ReadonlyArray<{ from: LifecycleState; to: LifecycleState; trigger: string }> = [
  { from: 'no-authorization', to: 'code-issued', trigger: 'allow' },
  { from: 'no-authorization', to: 'denied', trigger: 'deny' },
  { from: 'code-issued', to: 'access-token-valid', trigger: 'token-exchange' },
  { from: 'access-token-valid', to: 'access-token-expired', trigger: 'lifetime-elapsed' },
  { from: 'access-token-expired', to: 'access-token-valid', trigger: 'refresh' },
]

/**
 * Holds each environment's place in the token lifecycle and announces every change as `oauth:lifecycle`, so the UI
 * can light the current state and count down to `expiresAt`.
 */
export class LifecycleTracker {
  private readonly current = new Map<string, OAuthLifecycle>()

  constructor(
    private readonly bus: EventBus,
    private readonly now: () => number,
  ) {}

  get(envId: string): OAuthLifecycle {
    return (
      this.current.get(envId) ?? {
        envId,
        state: 'no-authorization',
        states: LIFECYCLE_STATES,
        trigger: 'initial',
        previous: null,
        expiresAt: null,
        at: new Date(this.now()).toISOString(),
      }
    )
  }

  /** Moves an environment to `state`; emits when the state, the trigger or the expiry changed. */
  set(envId: string, state: LifecycleState, trigger: string, expiresAt: number | null, options: { silent?: boolean } = {}): OAuthLifecycle {
    const before = this.current.get(envId)
    const expires = expiresAt === null ? null : new Date(expiresAt).toISOString()
    if (before && before.state === state && before.trigger === trigger && before.expiresAt === expires) return before
    const next: OAuthLifecycle = {
      envId,
      state,
      states: LIFECYCLE_STATES,
      trigger,
      previous: before ? before.state : null,
      expiresAt: expires,
      at: new Date(this.now()).toISOString(),
    }
    this.current.set(envId, next)
    if (!options.silent) this.bus.emit('oauth:lifecycle', next)
    return next
  }

  delete(envId: string): void {
    this.current.delete(envId)
  }
}
