import type { BridgeResult } from '../../shared/contract/errors'
import type { HandlerRegistry } from '../bridge/registry'
import type { Runtime } from '../runtime/create-runtime'

/** What the web host needs of the engine: the handlers to dispatch to and the events to forward. */
export type BridgeEngine = Pick<Runtime, 'registry' | 'bus'>

type Dispatch = HandlerRegistry['dispatch']

/**
 * The bridge's handlers while the engine may still be starting: the web host serves the page before the engine is up,
 * so a call that comes first waits for it (in arrival order) instead of failing. A call cancelled while it waits
 * answers `cancelled` at once and never runs; if the engine fails to start, every waiting and later call answers an
 * `internal` error saying so and what to do. Once the engine is up, calls go straight to its registry.
 */
export function gatedRegistry(engine: Promise<BridgeEngine>): { dispatch: Dispatch } {
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
        return startFailed(error)
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

function startFailed(error: unknown): BridgeResult<never> {
  const reason = error instanceof Error ? error.message : String(error)
  return {
    ok: false,
    error: {
      code: 'internal',
      message: `The console's engine did not start: ${reason}`,
      hint: 'The terminal where `partner-console web` ran says why; start it again once that is fixed.',
    },
  }
}
