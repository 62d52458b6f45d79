import type { BridgeResult } from '../../shared/contract/errors'
import type { EventBus } from '../engine/core/event-bus'
import type { HandlerRegistry } from './registry'

/** What a transport needs of the engine: the handlers to dispatch to and the events to forward. */
export interface BridgeEngine {
  readonly registry: HandlerRegistry
  readonly bus: EventBus
}

type Dispatch = HandlerRegistry['dispatch']

/**
 * The bridge's handlers while the engine may still be starting: the web host and the desktop app show the page before
 * the engine is up, so a call that comes first waits for it (in arrival order) instead of failing. A call cancelled
 * while it waits answers `cancelled` at once and never runs; if the engine fails to start, every waiting and later
 * call answers an `internal` error saying so, and `whatToDo` (where the reason is shown). Once the engine is up, calls
 * go straight to its registry.
 */
export function gatedRegistry(engine: Promise<BridgeEngine>, whatToDo: string): { dispatch: Dispatch } {
  let ready: BridgeEngine | null = null
  engine.then(
    e => {
      ready = e
    },
    () => {},
  )
  return {
    async dispatch(channel, payload, caller) {
      if (ready) return ready.registry.dispatch(channel, payload, caller)
      const { signal } = caller
      if (signal?.aborted) return cancelledWhileStarting(channel)
      let onAbort = () => {}
      const aborted = new Promise<null>(resolve => {
        onAbort = () => resolve(null)
        signal?.addEventListener('abort', onAbort, { once: true })
      })
      try {
        const up = await Promise.race([engine, aborted])
        if (up === null) return cancelledWhileStarting(channel)
        return await up.registry.dispatch(channel, payload, caller)
      } catch (error) {
        return startFailed(error, whatToDo)
      } finally {
        signal?.removeEventListener('abort', onAbort)
      }
    },
  }
}

function cancelledWhileStarting(channel: unknown): BridgeResult<never> {
  return {
    ok: false,
    error: { code: 'cancelled', message: `${String(channel)} was cancelled while the engine was starting: it never ran.` },
  }
}

function startFailed(error: unknown, hint: string): BridgeResult<never> {
  const reason = error instanceof Error ? error.message : String(error)
  return {
    ok: false,
    error: {
      code: 'internal',
      message: `The console's engine did not start: ${reason}`,
      hint,
    },
  }
}
