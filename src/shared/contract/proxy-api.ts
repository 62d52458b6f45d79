import type { BridgeResult } from './errors'
import type { BridgeApi, EventName } from './index'

export type RawInvoke = (channel: string, payload: unknown) => Promise<BridgeResult<unknown>>
export type RawOn = (name: EventName, listener: (payload: unknown) => void) => () => void

/**
 * The renderer's `api` over the web client, built without the channel table (which would pull zod and every schema
 * into the first screen's JavaScript): `api.oauth.start(req)` sends `oauth:start`. The host validates the channel and
 * the payload, so a mistyped name is still answered with a typed `unknown_channel` error.
 */
export function buildProxyApi(rawInvoke: RawInvoke, rawOn: RawOn): BridgeApi {
  const domains = new Map<string, object>()
  return new Proxy({} as BridgeApi, {
    get(_target, domain) {
      if (domain === 'on') return rawOn
      if (typeof domain !== 'string') return undefined
      let group = domains.get(domain)
      if (!group) {
        group = new Proxy(
          {},
          { get: (_t, verb) => (typeof verb === 'string' ? (req: unknown) => rawInvoke(`${domain}:${verb}`, req ?? {}) : undefined) },
        )
        domains.set(domain, group)
      }
      return group
    },
  })
}
