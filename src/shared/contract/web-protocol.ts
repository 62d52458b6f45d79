import type { BridgeResult } from './errors'
import type { EventMessage } from './index'

export type { WebClientMessage } from './web-messages'

/** Path of the web host's WebSocket endpoint. */
export const WEB_SOCKET_PATH = '/bridge'

/** Largest message the web host accepts on the socket (a HAR import is the biggest legitimate payload). */
export const WEB_MAX_MESSAGE_BYTES = 32 * 1024 * 1024

/** Web host → browser. */
export type WebServerMessage =
  | { t: 'result'; id: number; result: BridgeResult<unknown> }
  | ({ t: 'event' } & EventMessage)
  | { t: 'error'; message: string }
