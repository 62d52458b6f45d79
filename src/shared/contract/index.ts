import type { z } from 'zod'
import { appChannels, appEvents } from './app'
import { captureChannels, captureEvents } from './capture'
import { draftsChannels, draftsEvents } from './drafts'
import { envChannels, envEvents } from './env'
import { httpChannels, httpEvents } from './http'
import { logChannels, logEvents } from './log'
import { oauthChannels, oauthEvents } from './oauth'
import { quotaChannels, quotaEvents } from './quota'
import { sandboxChannels, sandboxEvents } from './sandbox'
import { signingChannels, signingEvents } from './signing'
import { supportChannels, supportEvents } from './support'
import { workbenchChannels, workbenchEvents } from './workbench'
import type { ChannelDef, EventDef } from './define'

export * from './app'
export * from './capture'
export * from './connection'
export * from './drafts'
export * from './env'
export * from './http'
export * from './http-fields'
export * from './log'
export * from './oauth'
export * from './quota'
export * from './sandbox'
export * from './signing'
export * from './support'
export * from './workbench'
export * from './define'
export * from './errors'
export * from './exchange-view'
export * from './transport'

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
  ...draftsChannels,
  ...supportChannels,
  ...captureChannels,
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
  ...draftsEvents,
  ...supportEvents,
  ...captureEvents,
} as const

export type Channels = typeof channels
export type ChannelName = keyof Channels & string
export type Events = typeof events
export type EventName = keyof Events & string

export type RequestOf<C extends ChannelName> = z.input<Channels[C]['request']>
export type ParsedRequestOf<C extends ChannelName> = z.output<Channels[C]['request']>
export type ResponseOf<C extends ChannelName> = Channels[C] extends ChannelDef<z.ZodType, infer R> ? R : never
/** Every event's payload type by name: index it with a generic name and the payload follows the name. */
export type EventPayloads = { [E in EventName]: Events[E] extends EventDef<infer P> ? P : never }
export type PayloadOf<E extends EventName> = EventPayloads[E]

/** One event as it travels: a union discriminated by `name`, so checking the name types the payload (no cast). */
export type EventMessage<E extends EventName = EventName> = { [K in E]: { name: K; payload: EventPayloads[K] } }[E]

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
export * from './web-messages'
