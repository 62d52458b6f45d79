import type { HttpExchangeView, LogEntry } from '../../../../shared/contract'
import type { InspectorDeepLink } from './inspector-store'

/** The inspector deep link of a completed exchange: the path and query as sent, x-timestamp and x-access-key. */
export function linkFromExchange(exchange: HttpExchangeView): InspectorDeepLink {
  const url = new URL(exchange.url)
  const accessKey = exchange.requestHeaders.find(h => h.name.toLowerCase() === 'x-access-key')?.value
  const stamp = exchange.signing?.timestamp ?? exchange.requestHeaders.find(h => h.name.toLowerCase() === 'x-timestamp')?.value
  return { method: exchange.method, path: `${url.pathname}${url.search}`, body: exchange.requestBody, timestamp: stamp, accessKey }
}

/** The same link from a network-log entry (for a request that failed, where only its log id came back). */
export function linkFromLogEntry(entry: LogEntry): InspectorDeepLink {
  const url = new URL(entry.url)
  const header = (name: string) => entry.requestHeaders.find(h => h.name.toLowerCase() === name)?.value
  const stamp = header('x-timestamp')
  return {
    method: entry.method,
    path: `${url.pathname}${url.search}`,
    body: entry.requestBody?.text || null,
    timestamp: stamp && /^\d+$/.test(stamp) ? Number(stamp) : undefined,
    accessKey: header('x-access-key'),
  }
}
