import type { BridgeResult } from '../../shared/contract'
import type { HandlerRegistry } from '../bridge/registry'
import { ConsoleError } from '../engine/core/console-error'
import type { BridgeCall, TrustedCall } from '../engine/walkthrough/walkthrough-types'

/**
 * A CLI command's two ways to call the engine, each resolving with the value or rejecting with a ConsoleError:
 * `call` validates the request with the channel's zod schema (anything built from flags, files or servers), `trusted`
 * takes a request the command's own code built in the parsed form, complete, and skips the parse (the walkthrough's
 * steps; their payloads are pinned equal to the parse's output by test/integration/requests/walkthrough-trusted-calls).
 */
export function bridgeCalls(registry: HandlerRegistry): { call: BridgeCall; trusted: TrustedCall } {
  const caller = { transport: 'web' } as const
  const unwrap = <T>(result: BridgeResult<T>): T => {
    if (!result.ok)
      throw new ConsoleError(result.error.code, result.error.message, { hint: result.error.hint, details: result.error.details })
    return result.value
  }
  return {
    call: async (channel, payload) => unwrap(await registry.dispatch(channel, payload, caller)) as never,
    trusted: async (channel, payload) => unwrap(await registry.dispatchTrusted(channel, payload, caller)),
  }
}
