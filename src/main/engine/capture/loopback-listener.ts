import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { Socket } from 'node:net'
import { ConsoleError } from '../core/console-error'

/** Loopback only: nothing is ever captured from another machine. */
export const CAPTURE_HOST = '127.0.0.1'

/** An HTTP listener of the capture on 127.0.0.1, with every socket it accepted tracked so that stop closes them all. */
export interface LoopbackListener {
  server: Server
  port: number
  /** Closes the listener and destroys every connection still open (keep-alive, tunnels, half-sent requests). */
  close(): Promise<void>
}

/**
 * Starts an HTTP/1.1 listener on 127.0.0.1 for the capture. Garbage and half requests get Node's 400 and close only
 * their own socket (`clientError`); a port in use is a ConsoleError saying which port and what to do.
 */
export async function listenLoopback(
  port: number,
  what: string,
  onRequest: (req: IncomingMessage, res: ServerResponse) => void,
): Promise<LoopbackListener> {
  const sockets = new Set<Socket>()
  const server = createServer({ keepAliveTimeout: 5_000, requestTimeout: 120_000, headersTimeout: 30_000 }, onRequest)
  server.on('connection', socket => {
    sockets.add(socket)
    socket.once('close', () => sockets.delete(socket))
  })
  // A socket error (garbage, a reset) ends that socket only. A 400 is written only where it cannot corrupt an answer:
  // not once a response has begun on the socket, and not on a connection the peer reset.
  server.on('clientError', (error: NodeJS.ErrnoException, socket) => {
    const inFlight = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage
    if (error.code !== 'ECONNRESET' && socket.writable && !(socket as Socket).destroyed && !inFlight?.headersSent)
      socket.end('HTTP/1.1 400 Bad Request\r\nconnection: close\r\ncontent-length: 0\r\n\r\n')
    else socket.destroy()
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) => {
      reject(
        error.code === 'EADDRINUSE'
          ? new ConsoleError('invalid_request', `The capture ${what} cannot listen on ${CAPTURE_HOST}:${port}: the port is in use.`, {
              hint: 'Stop what uses it (another capture?), or choose another port (0 picks a free one).',
            })
          : new ConsoleError('network', `The capture ${what} could not listen on ${CAPTURE_HOST}:${port}: ${error.message}.`),
      )
    })
    server.listen(port, CAPTURE_HOST, () => resolve())
  })
  const address = server.address()
  return {
    server,
    port: typeof address === 'object' && address ? address.port : port,
    close: () =>
      new Promise<void>(resolve => {
        server.close(() => resolve())
        for (const socket of sockets) socket.destroy()
        server.closeAllConnections()
      }),
  }
}

/** Tracks a socket that did not come through `connection` (a TLS socket of an intercepted tunnel). */
export function adoptSocket(listener: LoopbackListener, socket: Socket): void {
  listener.server.emit('connection', socket)
}
