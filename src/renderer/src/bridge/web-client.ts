import { buildApi } from '../../../shared/contract/build-api'
import type { BridgeError, BridgeResult } from '../../../shared/contract/errors'
import { EventHub } from '../../../shared/contract/event-hub'
import type { BridgeApi, ChannelName } from '../../../shared/contract/index'
import type { RawInvoke } from '../../../shared/contract/transport'
import { WEB_SOCKET_PATH, type WebClientMessage, type WebServerMessage } from '../../../shared/contract/web-protocol'
import { CLOSE_TOO_BIG, CLOSED_TOO_LARGE, oversizedMessage } from './message-size'
import { splitLargeStrings, type UploadProgress, type UploadRef } from './upload-strings'

export type ConnectionState = 'connecting' | 'open' | 'closed'

const LOST: BridgeResult<never> = {
  ok: false,
  error: {
    code: 'network',
    message: 'The connection to the console host was lost before it answered.',
    hint: 'Check that `partner-console web` is still running; the page reconnects by itself.',
  },
}

/**
 * The bridge over the web host's WebSocket: the same `api` object the preload exposes, built from the same contract.
 * The session cookie set by the web host authenticates the socket. A call's cancel step sends `{ t: 'cancel', id }`.
 * On disconnect, calls in flight answer a typed `network` error and the client reconnects with backoff; events
 * resume when it does. A payload's long strings (a file's text) go first as uploads of their own (see
 * upload-strings.ts), reported to `onUpload` as they are sent, and the invoke names them: the socket never carries a
 * file. The socket opens when `connectWhen` resolves (the page's first paint, see bridge.ts): calls made before are
 * queued and sent in order once it opens.
 */
export function createWebClient(
  onState: (state: ConnectionState) => void = () => {},
  onUpload: (progress: UploadProgress) => void = () => {},
  connectWhen: Promise<void> = Promise.resolve(),
): BridgeApi {
  const events = new EventHub()
  const pending = new Map<number, (result: BridgeResult<unknown>) => void>()
  const queue: WebClientMessage[] = []
  let nextId = 1
  let socket: WebSocket | null = null
  let retry = 0

  const url = `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${WEB_SOCKET_PATH}`

  function send(message: WebClientMessage, text = JSON.stringify(message)): void {
    if (socket?.readyState === WebSocket.OPEN) socket.send(text)
    else queue.push(message)
  }

  function connect() {
    onState('connecting')
    const ws = new WebSocket(url)
    socket = ws
    ws.onopen = () => {
      retry = 0
      onState('open')
      for (const m of queue.splice(0)) ws.send(JSON.stringify(m))
    }
    ws.onmessage = e => {
      let msg: WebServerMessage
      try {
        msg = JSON.parse(String(e.data))
      } catch {
        return
      }
      if (msg.t === 'result') {
        pending.get(msg.id)?.(msg.result)
        pending.delete(msg.id)
      } else if (msg.t === 'event') {
        events.deliver(msg)
      }
    }
    ws.onclose = event => {
      onState('closed')
      const lost = event.code === CLOSE_TOO_BIG ? { ok: false as const, error: CLOSED_TOO_LARGE } : LOST
      for (const [id, resolve] of pending) {
        resolve(lost)
        pending.delete(id)
      }
      retry += 1
      setTimeout(connect, Math.min(5000, 250 * 2 ** retry))
    }
  }
  void connectWhen.then(connect)

  /** One invoke on the socket, naming the uploads that carry its long strings (if any). */
  const invokeSmall = (channel: ChannelName, payload: unknown, onCancel?: Parameters<RawInvoke>[2], uploads?: UploadRef[]) =>
    new Promise<BridgeResult<unknown>>(resolve => {
      const id = nextId++
      const message: WebClientMessage = uploads ? { t: 'invoke', id, channel, payload, uploads } : { t: 'invoke', id, channel, payload }
      const text = JSON.stringify(message)
      const oversized = oversizedMessage(text)
      if (oversized) {
        resolve({ ok: false, error: oversized })
        return
      }
      pending.set(id, resolve)
      send(message, text)
      onCancel?.(() => {
        if (!pending.has(id)) return
        const queued = queue.findIndex(m => m.t === 'invoke' && m.id === id)
        if (queued < 0) {
          send({ t: 'cancel', id })
          return
        }
        // Never sent: drop it and answer here.
        queue.splice(queued, 1)
        pending.delete(id)
        resolve({ ok: false, error: { code: 'cancelled', message: 'Cancelled before it was sent: nothing left the console.' } })
      })
    })

  return buildApi(
    async (channel, payload, onCancel) => {
      const { payload: small, large } = splitLargeStrings(payload)
      if (large.length === 0) return invokeSmall(channel, payload, onCancel)
      const cancels: Array<() => void> = []
      let cancelled = false
      onCancel?.(() => {
        cancelled = true
        for (const cancel of cancels) cancel()
      })
      try {
        const { uploadStrings } = await import('./upload-send')
        const uploads = await uploadStrings(large, onUpload, cancel => cancels.push(cancel))
        if (cancelled)
          return { ok: false, error: { code: 'cancelled', message: 'Cancelled before it was sent: nothing left the console.' } }
        return await invokeSmall(channel, small, cancel => cancels.push(cancel), uploads)
      } catch (error) {
        return { ok: false, error: error as BridgeError }
      }
    },
    (name, listener) => events.on(name, listener),
  )
}
