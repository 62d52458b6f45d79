import { BridgeCallError } from '../../../shared/contract/errors'
import type { BridgeApi, ChannelName, EventName, PayloadOf, RequestOf, ResponseOf, TransportKind } from '../../../shared/contract/index'
import { useConnectionStore } from '../stores/connection-store'
import { createWebClient } from './web-client'

/**
 * The only module of the renderer that touches the transport: `window.api` in the desktop app, the WebSocket client
 * in a browser. Everything else calls `call()` (used through react-query) and `subscribe()`.
 */
const transport: TransportKind = window.api ? 'electron' : 'web'
const api: BridgeApi = window.api ?? createWebClient(state => useConnectionStore.getState().setState(state))
if (transport === 'electron') useConnectionStore.getState().setState('open')

export const bridgeTransport = transport

/** Calls a channel; resolves with its value or rejects with a `BridgeCallError` carrying code, message and hint. */
export async function call<C extends ChannelName>(channel: C, request: RequestOf<C>): Promise<ResponseOf<C>> {
  const i = channel.indexOf(':')
  const domain = channel.slice(0, i)
  const verb = channel.slice(i + 1)
  const group = (api as unknown as Record<string, Record<string, (r: unknown) => Promise<unknown>>>)[domain]
  const fn = group?.[verb]
  if (!fn) throw new BridgeCallError({ code: 'unknown_channel', message: `No bridge channel ${channel}.` })
  const result = (await fn(request)) as
    | { ok: true; value: ResponseOf<C> }
    | { ok: false; error: ConstructorParameters<typeof BridgeCallError>[0] }
  if (!result.ok) throw new BridgeCallError(result.error)
  return result.value
}

/** Subscribes to an engine event; returns the unsubscribe. */
export function subscribe<E extends EventName>(name: E, listener: (payload: PayloadOf<E>) => void): () => void {
  return api.on(name, listener)
}
