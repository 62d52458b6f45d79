import { subscribe } from 'node:diagnostics_channel'
import type { Socket } from 'node:net'
import { Agent, buildConnector } from 'undici'

/** When a connection's phases ended (performance.now() ms); claimed by the first request sent on it. */
export interface SocketTimings {
  start: number
  dnsEnd?: number
  tcpEnd?: number
  tlsEnd?: number
  claimed: boolean
}

const timingsBySocket = new WeakMap<object, SocketTimings>()

/** Receives the socket a request's headers were just written to (set by the request right before undici writes). */
export interface SocketObserver {
  method: string
  onSocket(socket: Socket, timings: SocketTimings | undefined): void
}

let sendingNow: SocketObserver | null = null
let subscribed = false

/**
 * Marks `observer` as the request undici is about to write. undici calls the handler's onConnect and then publishes
 * `undici:client:sendHeaders` synchronously in the same tick for the same request, so the next sendHeaders message
 * belongs to it: that is how a request learns its socket (and whether that socket was freshly connected for it).
 */
export function expectSendHeaders(observer: SocketObserver): void {
  ensureSubscribed()
  sendingNow = observer
}

function ensureSubscribed(): void {
  if (subscribed) return
  subscribed = true
  subscribe('undici:client:sendHeaders', message => {
    const observer = sendingNow
    sendingNow = null
    if (!observer) return
    const { socket, request } = message as { socket: Socket; request: { method?: string } }
    if (request?.method !== undefined && request.method !== observer.method) return
    observer.onSocket(socket, timingsBySocket.get(socket))
  })
}

/**
 * An undici connector that records, per socket, when DNS lookup, TCP connect and TLS handshake ended. The phases are
 * read from the socket's own events (`lookup`, `connect`, `secureConnect`), so they cost nothing per request on a
 * reused keep-alive connection. `tls` carries the environment's trust and client certificate (ca, cert, key, pfx).
 */
export function createTimedConnector(
  options: { connectTimeoutMs?: number; tls?: buildConnector.BuildOptions } = {},
): buildConnector.connector {
  const base = buildConnector({ ...options.tls, timeout: options.connectTimeoutMs ?? 10_000 })
  return (params, callback) => {
    const timings: SocketTimings = { start: performance.now(), claimed: false }
    const socket = base(params, callback) as unknown as Socket | undefined
    if (socket && typeof socket.once === 'function') {
      timingsBySocket.set(socket, timings)
      socket.prependOnceListener('lookup', () => {
        timings.dnsEnd = performance.now()
      })
      socket.prependOnceListener('connect', () => {
        timings.tcpEnd = performance.now()
      })
      socket.prependOnceListener('secureConnect', () => {
        timings.tlsEnd = performance.now()
      })
    }
  }
}

/** An undici Agent with the timed connector (see createTimedConnector). */
export function createTimedAgent(
  options: { connectTimeoutMs?: number; keepAliveTimeoutMs?: number; tls?: buildConnector.BuildOptions } = {},
): Agent {
  return new Agent({ keepAliveTimeout: options.keepAliveTimeoutMs ?? 4_000, connect: createTimedConnector(options) })
}
