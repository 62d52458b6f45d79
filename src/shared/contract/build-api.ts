import type { BridgeResult } from './errors'
import { type BridgeApi, channelNames, type EventName, type PayloadOf, splitChannel } from './index'

export type RawInvoke = (channel: string, payload: unknown) => Promise<BridgeResult<unknown>>
export type RawOn = (name: EventName, listener: (payload: unknown) => void) => () => void

/**
 * Builds the domain-grouped `api` object from a transport's raw invoke and subscribe. Both the preload (IPC) and the
 * web client (WebSocket) use this, so the two transports cannot drift apart: only channels of the contract exist.
 */
export function buildApi(rawInvoke: RawInvoke, rawOn: RawOn): BridgeApi {
  const api: Record<string, Record<string, (req: unknown) => Promise<BridgeResult<unknown>>>> = {}
  for (const name of channelNames) {
    const [domain, verb] = splitChannel(name)
    api[domain] ??= {}
    api[domain][verb] = (req: unknown) => rawInvoke(name, req ?? {})
  }
  const on = <E extends EventName>(name: E, listener: (payload: PayloadOf<E>) => void) =>
    rawOn(name, listener as (payload: unknown) => void)
  return Object.freeze({ ...api, on }) as unknown as BridgeApi
}
