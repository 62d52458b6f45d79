import type { BridgeResult } from '../../../shared/contract/errors'
import type { BridgeApi, EventName } from '../../../shared/contract/index'
import { buildProxyApi } from '../../../shared/contract/proxy-api'
import { WEB_SOCKET_PATH, type WebServerMessage } from '../../../shared/contract/web-protocol'

export type ConnectionState = 'connecting' | 'open' | 'closed'

interface Pending {
  resolve: (r: BridgeResult<unknown>) => void
}

/**
 * The bridge over the web host's WebSocket: the same `api` object the preload exposes, built from the same contract.
 * The session cookie set by the web host authenticates the socket. On disconnect, calls in flight answer a typed
 * `network` error and the client reconnects with backoff; events resume when it does.
 */
export function createWebClient(onState: (state: ConnectionState) => void = () => {}): BridgeApi {
  const listeners = new Map<EventName, Set<(p: unknown) => void>>()
  const pending = new Map<number, Pending>()
  const queue: string[] = []
  let nextId = 1
  let socket: WebSocket | null = null
  let retry = 0

  const url = `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${WEB_SOCKET_PATH}`

  function connect() {
    onState('connecting')
    const ws = new WebSocket(url)
    socket = ws
    ws.onopen = () => {
      retry = 0
      onState('open')
      for (const m of queue.splice(0)) ws.send(m)
    }
    ws.onmessage = e => {
      let msg: WebServerMessage
      try {
        msg = JSON.parse(String(e.data)) as WebServerMessage
      } catch {
        return
      }
      if (msg.t === 'result') {
        pending.get(msg.id)?.resolve(msg.result)
        pending.delete(msg.id)
      } else if (msg.t === 'event') {
        for (const l of listeners.get(msg.name as EventName) ?? []) l(msg.payload)
      }
    }
    ws.onclose = () => {
      onState('closed')
      for (const [id, p] of pending) {
        p.resolve({
          ok: false,
          error: {
            code: 'network',
            message: 'The connection to the console host was lost before it answered.',
            hint: 'Check that `partner-console web` is still running; the page reconnects by itself.',
          },
        })
        pending.delete(id)
      }
      retry += 1
      setTimeout(connect, Math.min(5000, 250 * 2 ** retry))
    }
  }
  connect()

  return buildProxyApi(
    (channel, payload) =>
      new Promise(resolve => {
        const id = nextId++
        pending.set(id, { resolve })
        const message = JSON.stringify({ t: 'invoke', id, channel, payload })
        if (socket?.readyState === WebSocket.OPEN) socket.send(message)
        else queue.push(message)
      }),
    (name, listener) => {
      let set = listeners.get(name)
      if (!set) {
        set = new Set()
        listeners.set(name, set)
      }
      set.add(listener)
      return () => set.delete(listener)
    },
  )
}
