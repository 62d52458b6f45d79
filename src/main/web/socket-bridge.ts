import type { WebSocket } from 'ws'
import { z } from 'zod'
import type { WebServerMessage } from '../../shared/contract'
import type { HandlerRegistry } from '../bridge/registry'

/** The one message shape a page may send. */
const webClientMessage = z
  .object({
    t: z.literal('invoke'),
    id: z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER),
    channel: z.string().max(100),
    payload: z.unknown(),
  })
  .strict()

/** Beyond this many bytes waiting to be sent, events to a slow page are dropped rather than growing memory. */
const MAX_BUFFERED_BYTES = 8 * 1024 * 1024

/**
 * Serves one authenticated page's socket: each `invoke` message is validated as a protocol message, then dispatched to
 * the same handler registry the Electron IPC uses. A malformed message gets an error reply and changes nothing else;
 * the socket stays open so one bad call cannot take the page down.
 */
export function serveSocket(socket: WebSocket, registry: HandlerRegistry): void {
  // ws reports protocol violations (an oversized frame, bad UTF-8) as an 'error' and closes the socket itself
  // (1009, 1007…). Unhandled, that event would take the whole host process down.
  socket.on('error', () => {})
  socket.on('message', (data, isBinary) => {
    if (isBinary) {
      send(socket, { t: 'error', message: 'Binary messages are not part of the bridge protocol; send JSON text.' })
      return
    }
    let raw: unknown
    try {
      raw = JSON.parse(data.toString())
    } catch {
      send(socket, { t: 'error', message: 'The message is not valid JSON.' })
      return
    }
    const parsed = webClientMessage.safeParse(raw)
    if (!parsed.success) {
      const id = typeof (raw as { id?: unknown })?.id === 'number' ? (raw as { id: number }).id : undefined
      const message = 'The message is not a bridge invoke ({ t: "invoke", id, channel, payload }).'
      if (id !== undefined && Number.isSafeInteger(id) && id >= 0) {
        send(socket, { t: 'result', id, result: { ok: false, error: { code: 'invalid_request', message } } })
      } else {
        send(socket, { t: 'error', message })
      }
      return
    }
    const { id, channel, payload } = parsed.data
    registry
      .dispatch(channel, payload, { transport: 'web' })
      .then(result => send(socket, { t: 'result', id, result }))
      .catch(() => {
        // dispatch turns handler failures into values; reaching this means the error path itself failed.
        const error = { code: 'internal' as const, message: `${channel} failed and its error could not be reported.` }
        send(socket, { t: 'result', id, result: { ok: false, error } })
      })
  })
}

/** Sends an event to a socket unless it is closed or too far behind. */
export function sendEvent(socket: WebSocket, name: string, payload: unknown): void {
  if (socket.bufferedAmount > MAX_BUFFERED_BYTES) return
  send(socket, { t: 'event', name, payload })
}

function send(socket: WebSocket, message: WebServerMessage): void {
  if (socket.readyState !== socket.OPEN) return
  try {
    socket.send(JSON.stringify(message))
  } catch {
    // A value that cannot be serialized (a cycle, a BigInt) must not take the host down; the page times out instead.
  }
}
