import type { IncomingMessage } from 'node:http'
import type { Duplex } from 'node:stream'
import { WebSocketServer } from 'ws'
import { WEB_MAX_MESSAGE_BYTES } from '../../shared/contract/web-protocol'
import { type BridgeEngine, gatedRegistry } from '../bridge/engine-gate'
import { sendEvent, serveSocket } from './socket-bridge'
import type { UploadStore } from './upload-store'

export interface SocketServer {
  /** Takes over an upgrade request the web host has already checked (path, Host, Origin, session). */
  accept(req: IncomingMessage, socket: Duplex, head: Buffer): void
  close(): void
}

/**
 * The web host's WebSocket side: the bridge sockets and the engine's events to each of them. It is loaded when the
 * first page connects, not at start (ws and the message schemas are not on the first screen's path), and works while
 * the engine is still starting: calls wait for it (bridge/engine-gate.ts), events flow once it is up. Invokes that name
 * uploads (files POSTed on their own) take their texts from `uploads`.
 */
export function createSocketServer(engine: Promise<BridgeEngine>, uploads: UploadStore): SocketServer {
  const wss = new WebSocketServer({ noServer: true, maxPayload: WEB_MAX_MESSAGE_BYTES })
  const registry = gatedRegistry(engine, 'The terminal where `partner-console web` ran says why; start it again once that is fixed.')
  wss.on('connection', ws => serveSocket(ws, registry, uploads))
  let closed = false
  let unsubscribe = () => {}
  engine.then(
    up => {
      if (closed) return
      unsubscribe = up.bus.subscribe(message => {
        for (const client of wss.clients) sendEvent(client, message)
      })
    },
    () => {},
  )
  return {
    accept(req, socket, head) {
      wss.handleUpgrade(req, socket, head, ws => wss.emit('connection', ws, req))
    },
    close() {
      closed = true
      unsubscribe()
      for (const client of wss.clients) client.terminate()
      wss.close()
    },
  }
}
