import type { z } from 'zod'
import { appChannels, appEvents } from './app'
import { bundleChannels, bundleEvents } from './bundle'
import { captureChannels, captureEvents } from './capture'
import type { ChannelDef, EventDef } from './define'
import { doctorChannels, doctorEvents } from './doctor'
import { draftsChannels, draftsEvents } from './drafts'
import { environmentsChannels, environmentsEvents } from './environments'
import { firstRunChannels, firstRunEvents } from './first-run'
import { httpChannels, httpEvents } from './http'
import { logChannels, logEvents } from './log'
import { oauthChannels, oauthEvents } from './oauth'
import { quotaChannels, quotaEvents } from './quota'
import { requestsChannels, requestsEvents } from './requests'
import { sandboxChannels, sandboxEvents } from './sandbox'
import { signingChannels, signingEvents } from './signing'

export * from './app'
export * from './bundle'
export * from './capture'
export * from './connection'
export * from './define'
export * from './doctor'
export * from './drafts'
export * from './environments'
export * from './errors'
export * from './exchange-view'
export * from './file-text'
export * from './first-run'
export * from './http'
export * from './http-fields'
export * from './log'
export * from './oauth'
export * from './quota'
export * from './requests'
export * from './sandbox'
export * from './signing'
export * from './transport'

/**
 * Every invoke channel of the bridge, `domain:verb` → schema and response type. Channel names exist only in this
 * folder: preload, web client, main-side registry and renderer all derive from this map.
 */
export const channels = {
  ...appChannels,
  ...environmentsChannels,
  ...oauthChannels,
  ...signingChannels,
  ...httpChannels,
  ...quotaChannels,
  ...logChannels,
  ...sandboxChannels,
  ...requestsChannels,
  ...bundleChannels,
  ...draftsChannels,
  ...captureChannels,
  ...doctorChannels,
  ...firstRunChannels,
} as const

/** Every event the engine sends to the renderer. */
export const events = {
  ...appEvents,
  ...environmentsEvents,
  ...oauthEvents,
  ...signingEvents,
  ...httpEvents,
  ...quotaEvents,
  ...logEvents,
  ...sandboxEvents,
  ...requestsEvents,
  ...bundleEvents,
  ...draftsEvents,
  ...captureEvents,
  ...doctorEvents,
  ...firstRunEvents,
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

/** One event as it travels: a union discriminated by `name`, so checking the name types the payload (no cast). */
export type EventMessage<E extends EventName = EventName> = { [K in E]: { name: K; payload: EventPayloads[K] } }[E]

export const channelNames = Object.keys(channels) as ChannelName[]

export function isChannelName(name: unknown): name is ChannelName {
  return typeof name === 'string' && Object.hasOwn(channels, name)
}
export * from './web-messages'
export * from './web-protocol'
