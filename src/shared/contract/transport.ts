import type { BridgeResult } from './errors'
import type { ChannelName, EventMessage, EventName, EventPayloads, RequestOf, ResponseOf } from './index'

/**
 * How a call is told that its caller gave up. An `AbortSignal` cannot cross Electron's contextBridge, so the transport
 * hands over a function that registers its cancel step; the renderer wires it to its signal (see `invoke` in
 * src/renderer/src/bridge/bridge.ts). Called at most once; a transport that is told to cancel sends a cancel message.
 */
type OnCancel = (cancel: () => void) => void

/** A transport's one way to send a call: the channel, the payload, and optionally how it learns of a cancel. */
export type RawInvoke = (channel: ChannelName, payload: unknown, onCancel?: OnCancel) => Promise<BridgeResult<unknown>>

/** A transport's typed subscription to an engine event; returns the unsubscribe. */
export type RawOn = <E extends EventName>(name: E, listener: (payload: EventPayloads[E]) => void) => () => void

/** One channel as the `api` object exposes it. */
export type ChannelCall<C extends ChannelName> = (request: RequestOf<C>, onCancel?: OnCancel) => Promise<BridgeResult<ResponseOf<C>>>

type DomainOf<C extends string> = C extends `${infer D}:${string}` ? D : never
export type Domain = DomainOf<ChannelName>

/** The object both transports expose: `api.app.info({})`, grouped by domain; every call resolves to a result. */
export type BridgeApi = {
  [D in Domain]: { [C in ChannelName as C extends `${D}:${infer V}` ? V : never]: ChannelCall<C> }
} & { on: RawOn }

/** The single Electron IPC channel that carries events ({ name, payload }); the web host uses the socket instead. */
export const EVENT_IPC_CHANNEL = 'bridge:event'

/** The Electron IPC channel of cancel messages (the call id of the invoke to stop); the web host uses the socket. */
export const CANCEL_IPC_CHANNEL = 'bridge:cancel'

/** Narrows a message to one event by its name. */
export function isEvent<E extends EventName>(message: EventMessage | EventMessage<E>, name: E): message is EventMessage<E> {
  return message.name === name
}
