import type { BridgeResult } from './errors'

/** Path of the web host's WebSocket endpoint. */
export const WEB_SOCKET_PATH = '/bridge'

/** Largest message the web host accepts on the socket (a HAR import is the biggest legitimate payload). */
export const WEB_MAX_MESSAGE_BYTES = 32 * 1024 * 1024

/** Browser → web host (validated by the host with its own zod schema). */
export interface WebClientMessage {
  t: 'invoke'
  id: number
  channel: string
  payload: unknown
}

/** Web host → browser. */
export type WebServerMessage =
  | { t: 'result'; id: number; result: BridgeResult<unknown> }
  | { t: 'event'; name: string; payload: unknown }
  | { t: 'error'; message: string }
