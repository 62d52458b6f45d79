import type { BridgeError } from '../../../shared/contract/errors'
import { WEB_MAX_MESSAGE_BYTES, WEB_UPLOAD_PATH } from '../../../shared/contract/web-protocol'

const MB = 2 ** 20
/** The close code a WebSocket peer sends for a message larger than it takes (RFC 6455: "message too big"). */
export const CLOSE_TOO_BIG = 1009

/** What a call answers when its message is larger than the socket takes: files go as uploads, never on the socket. */
function tooLarge(size: string): BridgeError {
  return {
    code: 'invalid_request',
    message: `This call's message is ${size}, more than the ${WEB_MAX_MESSAGE_BYTES / MB} MB the console's socket takes: a file's text must go as an upload (POST ${WEB_UPLOAD_PATH}), not inside a message.`,
    hint: 'Open the file with the page\'s own "Open…" button, which uploads it; or send fewer or smaller items in one call.',
  }
}

/**
 * The error to answer instead of sending `text` on the socket, or null when it fits: the host closes the socket on a
 * message over WEB_MAX_MESSAGE_BYTES (every call in flight would be lost), so one too large is never sent.
 */
export function oversizedMessage(text: string): BridgeError | null {
  // UTF-8 takes at most 3 bytes per UTF-16 unit: only a text that may be too large is measured.
  if (text.length * 3 <= WEB_MAX_MESSAGE_BYTES) return null
  const bytes = new TextEncoder().encode(text).byteLength
  return bytes > WEB_MAX_MESSAGE_BYTES ? tooLarge(`${(bytes / MB).toFixed(1)} MB`) : null
}

/** What calls in flight answer when the host closed the socket for a message too large (close code 1009). */
export const CLOSED_TOO_LARGE: BridgeError = tooLarge(`over ${WEB_MAX_MESSAGE_BYTES / MB} MB`)
