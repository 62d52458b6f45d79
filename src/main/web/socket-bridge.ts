import type { WebSocket } from 'ws'
import { type EventMessage, type WebServerMessage, webClientMessage } from '../../shared/contract'
import type { HandlerRegistry } from '../bridge/registry'
import { parseBridgeMessage } from './message-parser'
import { stringifyInSlices } from './sliced-json'
import { withUploads } from './upload-payload'
import type { UploadStore } from './upload-store'

/** Beyond this many bytes waiting to be sent, events to a slow page are dropped rather than growing memory. */
const MAX_BUFFERED_BYTES = 8 * 1024 * 1024

/**
 * Serves one authenticated page's socket: each `invoke` message is parsed (a large one off the main thread, see
 * parseBridgeMessage) and validated as a protocol message, then dispatched to
 * the same handler registry the Electron IPC uses. A malformed message gets an error reply and changes nothing else;
 * the socket stays open so one bad call cannot take the page down. A `cancel` message aborts the signal of the invoke
 * with that id; a closed socket aborts every call it still has running. An invoke that names uploads (a file's text
 * POSTed on its own, see WEB_UPLOAD_PATH) gets their texts put into its payload from `uploads` first.
 */
export function serveSocket(socket: WebSocket, registry: Pick<HandlerRegistry, 'dispatch'>, uploads: UploadStore): void {
  const running = new Map<number, AbortController>()
  /** Messages being parsed off the main thread, and cancels that came for ids not yet dispatched meanwhile. */
  let largeParses = 0
  const earlyCancels = new Set<number>()
  socket.on('close', () => {
    for (const controller of running.values()) controller.abort()
    running.clear()
  })
  // ws reports protocol violations (an oversized frame, bad UTF-8) as an 'error' and closes the socket itself
  // (1009, 1007…). Unhandled, that event would take the whole host process down.
  socket.on('error', () => {})
  socket.on('message', (data, isBinary) => {
    if (isBinary) {
      send(socket, { t: 'error', message: 'Binary messages are not part of the bridge protocol; send JSON text.' })
      return
    }
    const parsing = parseBridgeMessage(data as Buffer)
    if (!(parsing instanceof Promise)) {
      handle(parsing.value)
      return
    }
    // A large message is parsed off the main thread: later (small) messages may be handled before it. A cancel that
    // arrives first for its id is kept until it is dispatched, so it still cancels it.
    largeParses += 1
    void parsing.then(raw => {
      largeParses -= 1
      if (socket.readyState === socket.OPEN) handle(raw)
      if (largeParses === 0) earlyCancels.clear()
    })
  })

  function handle(raw: unknown): void {
    if (raw === undefined) {
      send(socket, { t: 'error', message: 'The message is not valid JSON.' })
      return
    }
    const parsed = webClientMessage.safeParse(raw)
    if (!parsed.success) {
      const id = typeof (raw as { id?: unknown })?.id === 'number' ? (raw as { id: number }).id : undefined
      const message = 'The message is not a bridge invoke ({ t: "invoke", id, channel, payload }) or cancel ({ t: "cancel", id }).'
      if (id !== undefined && Number.isSafeInteger(id) && id >= 0) {
        send(socket, { t: 'result', id, result: { ok: false, error: { code: 'invalid_request', message } } })
      } else {
        send(socket, { t: 'error', message })
      }
      return
    }
    const message = parsed.data
    if (message.t === 'cancel') {
      const call = running.get(message.id)
      if (call) call.abort()
      else if (largeParses > 0) earlyCancels.add(message.id)
      return
    }
    const { id, channel } = message
    const resolved = message.uploads ? withUploads(channel, message.payload, message.uploads, uploads) : { payload: message.payload }
    if ('error' in resolved) {
      send(socket, { t: 'result', id, result: { ok: false, error: resolved.error } })
      return
    }
    const { payload } = resolved
    if (earlyCancels.delete(id)) {
      const error = { code: 'cancelled' as const, message: `${channel} was cancelled before it started.` }
      send(socket, { t: 'result', id, result: { ok: false, error } })
      return
    }
    const controller = new AbortController()
    running.get(id)?.abort()
    running.set(id, controller)
    const settle = () => {
      if (running.get(id) === controller) running.delete(id)
    }
    registry
      .dispatch(channel, payload, { transport: 'web', signal: controller.signal })
      .then(result => sendSliced(socket, { t: 'result', id, result }))
      .catch(() => {
        // dispatch turns handler failures into values; reaching this means the error path itself failed.
        const error = { code: 'internal' as const, message: `${channel} failed and its error could not be reported.` }
        send(socket, { t: 'result', id, result: { ok: false, error } })
      })
      .finally(settle)
  }
}

/** Sends an event to a socket unless it is closed or too far behind. */
export function sendEvent(socket: WebSocket, message: EventMessage): void {
  if (socket.bufferedAmount > MAX_BUFFERED_BYTES) return
  send(socket, { t: 'event', ...message })
}

/** An answer: at once as `send` does, or, when it holds a long list, in slices first (stringifyInSlices). */
async function sendSliced(socket: WebSocket, message: WebServerMessage): Promise<void> {
  let text: string | undefined
  try {
    const written = stringifyInSlices(message)
    text = typeof written === 'object' ? await written : written
  } catch {
    // As in send: a value that cannot be serialized must not take the host down; the page times out instead.
    return
  }
  if (text !== undefined && socket.readyState === socket.OPEN) socket.send(text)
}

function send(socket: WebSocket, message: WebServerMessage): void {
  if (socket.readyState !== socket.OPEN) return
  try {
    socket.send(JSON.stringify(message))
  } catch {
    // A value that cannot be serialized (a cycle, a BigInt) must not take the host down; the page times out instead.
  }
}
