import { subscribe } from 'node:diagnostics_channel'
import type { Socket } from 'node:net'
import { Agent, buildConnector, type Dispatcher } from 'undici'

/** When a connection's phases ended (performance.now() ms); claimed by the first request sent on it. */
export interface SocketTimings {
  start: number
  dnsEnd?: number
  tcpEnd?: number
  tlsEnd?: number
  claimed: boolean
}

const timingsBySocket = new WeakMap<object, SocketTimings>()

/** What a request learns from undici's diagnostics: the socket its headers were written to, and when its body was sent. */
export interface SocketObserver {
  onSocket(socket: Socket, timings: SocketTimings | undefined): void
  onRequestSent(): void
}

/**
 * The observer of the dispatch running right now, until the request undici creates inside `dispatch` is matched to it;
 * a request created later within the same dispatch (a proxy's CONNECT) is not its own. undici creates the request
 * synchronously within `dispatch` (Agent → Pool → Client; a pool without a connection limit never queues), so a
 * variable set around the call is exact, and cheaper than an AsyncLocalStorage context per request.
 */
let dispatching: SocketObserver | null = null
/** undici's request object → the handler that dispatched it (matched by identity, never by "the next message"). */
const observers = new WeakMap<object, SocketObserver>()
let subscribed = false

/**
 * Dispatches with `observer` as the owner of the request undici creates: 'undici:request:create' is published while
 * `dispatch` runs, so the request object is mapped to its observer, and 'undici:client:sendHeaders' (its socket) and
 * 'undici:request:bodySent' reach that observer by the request object, whatever else is in flight.
 */
export function dispatchObserved(
  observer: SocketObserver & Dispatcher.DispatchHandler,
  dispatcher: Dispatcher,
  options: Dispatcher.DispatchOptions,
): boolean {
  ensureSubscribed()
  const outer = dispatching
  dispatching = observer
  try {
    return dispatcher.dispatch(options, observer)
  } finally {
    dispatching = outer
  }
}

function ensureSubscribed(): void {
  if (subscribed) return
  subscribed = true
  subscribe('undici:request:create', message => {
    const observer = dispatching
    const { request } = message as { request: object }
    if (!observer || !request) return
    dispatching = null
    observers.set(request, observer)
  })
  subscribe('undici:client:sendHeaders', message => {
    const { socket, request } = message as { socket: Socket; request: object }
    observers.get(request)?.onSocket(socket, timingsBySocket.get(socket))
  })
  subscribe('undici:request:bodySent', message => {
    const { request } = message as { request: object }
    observers.get(request)?.onRequestSent()
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
