import type { z } from 'zod'
import { appChannels, appEvents } from './app'
import { envChannels, envEvents } from './env'
import { httpChannels, httpEvents } from './http'
import { logChannels, logEvents } from './log'
import { oauthChannels, oauthEvents } from './oauth'
import { quotaChannels, quotaEvents } from './quota'
import { sandboxChannels, sandboxEvents } from './sandbox'
import { signingChannels, signingEvents } from './signing'
import { workbenchChannels, workbenchEvents } from './workbench'
import type { ChannelDef, EventDef } from './define'
import type { BridgeResult } from './errors'

export * from './app'
export * from './connection'
export * from './env'
export * from './http'
export * from './log'
export * from './oauth'
export * from './quota'
export * from './sandbox'
export * from './signing'
export * from './workbench'
export * from './define'
export * from './errors'

/**
 * Every invoke channel of the bridge, `domain:verb` → schema and response type. Channel names exist only in this
 * folder: preload, web client, main-side registry and renderer all derive from this map.
 */
export const channels = {
  ...appChannels,
  ...envChannels,
  ...oauthChannels,
  ...signingChannels,
  ...httpChannels,
  ...quotaChannels,
  ...logChannels,
  ...sandboxChannels,
  ...workbenchChannels,
} as const

/** Every event the engine sends to the renderer. */
export const events = {
  ...appEvents,
  ...envEvents,
  ...oauthEvents,
  ...signingEvents,
  ...httpEvents,
  ...quotaEvents,
  ...logEvents,
  ...sandboxEvents,
  ...workbenchEvents,
} as const

/** The single Electron IPC channel that carries events ({ name, payload }); the web host uses the socket instead. */
export const EVENT_IPC_CHANNEL = 'bridge:event'

export type Channels = typeof channels
export type ChannelName = keyof Channels & string
export type Events = typeof events
export type EventName = keyof Events & string

export type RequestOf<C extends ChannelName> = z.input<Channels[C]['request']>
export type ParsedRequestOf<C extends ChannelName> = z.output<Channels[C]['request']>
export type ResponseOf<C extends ChannelName> = Channels[C] extends ChannelDef<z.ZodType, infer R> ? R : never
export type PayloadOf<E extends EventName> = Events[E] extends EventDef<infer P> ? P : never

export type DomainOf<C extends string> = C extends `${infer D}:${string}` ? D : never
export type Domain = DomainOf<ChannelName>

/** The object both transports expose: `api.app.info({})`, grouped by domain; every call resolves to a result. */
export type BridgeApi = {
  [D in Domain]: {
    [C in ChannelName as C extends `${D}:${infer V}` ? V : never]: (req: RequestOf<C>) => Promise<BridgeResult<ResponseOf<C>>>
  }
} & {
  on<E extends EventName>(name: E, listener: (payload: PayloadOf<E>) => void): () => void
}

export interface EventMessage<E extends EventName = EventName> {
  name: E
  payload: PayloadOf<E>
}

/** Splits `domain:verb`. */
export function splitChannel(name: string): [string, string] {
  const i = name.indexOf(':')
  return [name.slice(0, i), name.slice(i + 1)]
}

export const channelNames = Object.keys(channels) as ChannelName[]
export const eventNames = Object.keys(events) as EventName[]

export function isChannelName(name: unknown): name is ChannelName {
  return typeof name === 'string' && Object.hasOwn(channels, name)
}

export function isEventName(name: unknown): name is EventName {
  return typeof name === 'string' && Object.hasOwn(events, name)
}
export * from './web-protocol'
