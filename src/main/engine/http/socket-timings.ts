import { subscribe, unsubscribe } from 'node:diagnostics_channel'
import type { Socket } from 'node:net'
import type { buildConnector as BuildConnector, Dispatcher } from 'undici'
import { buildConnector } from './undici-parts'

/** When a connection's phases ended (performance.now() ms); claimed by the first request sent on it. */
export interface SocketTimings {
  start: number
  dnsEnd?: number
  tcpEnd?: number
  tlsEnd?: number
  claimed: boolean
}

/**
 * What a request learns from undici's diagnostics: the socket its headers were written to (when its body was sent,
 * undici tells the handler itself: `onRequestSent`).
 */
export interface SocketObserver {
  onSocket(socket: Socket, timings: SocketTimings | undefined): void
}

interface CreateMessage {
  request: object
}
/** undici's request object as this module sees it: tagged with the observer that dispatched it. */
type Owned = Record<symbol, SocketObserver | undefined>
interface SendHeadersMessage {
  socket: Socket
  request: object
}

/**
 * Matches undici's requests to the exchanges that dispatched them, and sockets to their connection timings. One per
 * dispatcher pool (the HTTP client's), built with it and closed with it: no module state, so two runtimes in one
 * process (tests, the CLI's sandbox beside a console) never see each other's requests.
 *
 * 'undici:request:create' is published while `dispatch` runs: the request object is mapped to the observer of the
 * dispatch in progress, and 'undici:client:sendHeaders' (its socket) reaches that observer by the request object,
 * whatever else is in flight. undici creates the request synchronously within `dispatch`
 * (Agent → Pool → Client; a pool without a connection limit never queues), so a field set around the call is exact and
 * cheaper than an async context per request. The first request created is the dispatch's own; one created later within
 * the same dispatch (a proxy's CONNECT) is not.
 */
export class SocketObservation {
  /** The observer of the dispatch running right now, until its request is created. */
  private dispatching: SocketObserver | null = null
  /**
   * undici's request object → the observer that dispatched it (matched by identity, never by "the next message"):
   * a property under this observation's own symbol on the request, which is cheaper than a WeakMap entry per request
   * (no ephemeron for the GC to trace) and goes with the request. Another observation's symbol is another key.
   */
  private readonly owner = Symbol('socket-observer')
  /** socket → when its connection phases ended (written by this observation's connectors). */
  private readonly timings = new WeakMap<object, SocketTimings>()
  private readonly onCreate = (message: unknown): void => {
    const observer = this.dispatching
    const { request } = message as CreateMessage
    if (!observer || !request) return
    this.dispatching = null
    ;(request as Owned)[this.owner] = observer
  }
  private readonly onSendHeaders = (message: unknown): void => {
    const { socket, request } = message as SendHeadersMessage
    ;(request as Owned)[this.owner]?.onSocket(socket, this.timings.get(socket))
  }

  constructor() {
    subscribe('undici:request:create', this.onCreate)
    subscribe('undici:client:sendHeaders', this.onSendHeaders)
  }

  /** Dispatches with `observer` as the owner of the request undici creates for it. */
  dispatch(observer: SocketObserver & Dispatcher.DispatchHandler, dispatcher: Dispatcher, options: Dispatcher.DispatchOptions): boolean {
    const outer = this.dispatching
    this.dispatching = observer
    try {
      return dispatcher.dispatch(options, observer)
    } finally {
      this.dispatching = outer
    }
  }

  /**
   * An undici connector that records, per socket, when DNS lookup, TCP connect and TLS handshake ended. The phases are
   * read from the socket's own events (`lookup`, `connect`, `secureConnect`), so they cost nothing per request on a
   * reused keep-alive connection. `tls` carries the environment's trust and client certificate (ca, cert, key, pfx).
   */
  connector(options: { connectTimeoutMs?: number; tls?: BuildConnector.BuildOptions } = {}): BuildConnector.connector {
    const base = buildConnector({ ...options.tls, timeout: options.connectTimeoutMs ?? 10_000 })
    return (params, callback) => {
      const timings: SocketTimings = { start: performance.now(), claimed: false }
      const socket = base(params, callback) as unknown as Socket | undefined
      if (socket && typeof socket.once === 'function') {
        this.timings.set(socket, timings)
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

  /** Stops listening (the pool is closed). */
  close(): void {
    unsubscribe('undici:request:create', this.onCreate)
    unsubscribe('undici:client:sendHeaders', this.onSendHeaders)
  }
}
