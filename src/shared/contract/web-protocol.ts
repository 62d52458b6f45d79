import type { BridgeResult } from './errors'
import type { EventMessage } from './index'

export type { WebClientMessage } from './web-messages'

/** Path of the web host's WebSocket endpoint. */
export const WEB_SOCKET_PATH = '/bridge'

/**
 * Largest message the web host accepts on the socket: calls only, never a file (a file's text goes as an upload, see
 * WEB_UPLOAD_PATH), so a message can never hold the host's event loop for long. A larger one closes the socket (1009);
 * the page refuses to send one, with a sentence naming the upload.
 */
export const WEB_MAX_MESSAGE_BYTES = 4 * 1024 * 1024

/**
 * Path of the web host's upload endpoint: a file's text (a HAR, a repro bundle, a collection…) is POSTed here as its
 * own streamed request, and the invoke that needs it names the upload instead of carrying the text on the socket
 * (a message of tens of megabytes is unmasked and parsed on the host's main thread; a streamed body is not).
 */
export const WEB_UPLOAD_PATH = '/upload'

/** Largest upload the web host accepts (the largest text any channel takes: a HAR or a bundle, 64 MB). */
export const WEB_UPLOAD_MAX_BYTES = 64 * 1024 * 1024

/** A string of a payload longer than this many characters travels as an upload, not inside the socket message. */
export const WEB_UPLOAD_FROM_CHARS = 256 * 1024

/** Web host → browser. */
export type WebServerMessage =
  | { t: 'result'; id: number; result: BridgeResult<unknown> }
  | ({ t: 'event' } & EventMessage)
  | { t: 'error'; message: string }
