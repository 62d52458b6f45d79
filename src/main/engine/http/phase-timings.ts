import type { PhaseTimings } from '../../../shared/contract'
import type { SocketTimings } from './socket-timings'

/** performance.now() marks of one exchange; any after `start` may be missing when it failed early. */
export interface ExchangeMarks {
  start: number
  /** The connection this request opened (absent on a reused connection). */
  socket?: SocketTimings
  /** undici handed the request to a connected socket. */
  socketReady?: number
  /** The request body was fully written. */
  sent?: number
  /** The response headers arrived. */
  headers?: number
  /** The response ended (or failed). */
  end?: number
}

/**
 * Turns marks into HAR-style phases that never overlap: blocked (queued before connecting or before a reused socket
 * was free), dns, connect, tls, send, wait, receive. Each phase is ≥ 0 and their sum is ≤ total. Phases that did not
 * happen are null (reused connection, IP literal, plain http) or 0 (a failure before them).
 */
export function computeTimings(m: ExchangeMarks): PhaseTimings {
  const end = m.end ?? performance.now()
  const total = end - m.start
  const ready = m.socketReady ?? end
  let blocked: number
  let dns: number | null = null
  let connect: number | null = null
  let tls: number | null = null
  const s = m.socket
  if (s) {
    // Marks are clamped in order (a listener may fire a hair after the next phase began): phases never overlap.
    const start = Math.min(Math.max(s.start, m.start), ready)
    blocked = start - m.start
    const dnsEnd = Math.min(Math.max(s.dnsEnd ?? start, start), ready)
    if (s.dnsEnd !== undefined) dns = dnsEnd - start
    const tcpEnd = Math.min(Math.max(s.tcpEnd ?? ready, dnsEnd), ready)
    connect = tcpEnd - dnsEnd
    if (s.tlsEnd !== undefined) tls = Math.min(Math.max(s.tlsEnd, tcpEnd), ready) - tcpEnd
  } else {
    blocked = ready - m.start
  }
  const sent = m.sent ?? (m.headers !== undefined ? m.headers : ready)
  const send = sent - ready
  const wait = (m.headers ?? end) - sent
  const receive = m.headers !== undefined ? end - m.headers : 0
  return {
    blocked: ms(blocked),
    dns: dns === null ? null : ms(dns),
    connect: connect === null ? null : ms(connect),
    tls: tls === null ? null : ms(tls),
    send: ms(send),
    wait: ms(m.socketReady === undefined ? 0 : wait),
    receive: ms(receive),
    total: ms(total),
    reusedConnection: s === undefined && m.socketReady !== undefined,
  }
}

function ms(value: number): number {
  return Math.max(0, Math.round(value * 1000) / 1000)
}
