import { CHANNEL_NAMES } from './channel-names'
import type { BridgeApi, RawInvoke, RawOn } from './transport'

/**
 * Builds the domain-grouped `api` object from a transport's raw invoke and subscribe. The preload (IPC) and the web
 * client (WebSocket) both use it, so the two transports cannot drift apart: only channels of the contract exist, and
 * the object is plain (contextBridge copies own properties, so it cannot be a Proxy). Zod-free on purpose.
 */
export function buildApi(rawInvoke: RawInvoke, rawOn: RawOn): BridgeApi {
  const api: Record<string, Record<string, unknown>> = {}
  for (const name of CHANNEL_NAMES) {
    const i = name.indexOf(':')
    const domain = name.slice(0, i)
    const group = api[domain] ?? {}
    api[domain] = group
    group[name.slice(i + 1)] = (request: unknown, onCancel?: Parameters<RawInvoke>[2]) => rawInvoke(name, request ?? {}, onCancel)
  }
  return Object.freeze({ ...api, on: rawOn }) as unknown as BridgeApi
}
