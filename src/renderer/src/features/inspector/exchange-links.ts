import type { HttpExchangeView, LogEntry } from '../../../../shared/contract'
import { type ExchangeRequest, exchangeRequest } from '../../../../shared/contract/exchange-view'
import type { InspectorDeepLink } from './inspector-store'

/**
 * The inspector deep link of an exchange: the path and query as sent, the body, x-timestamp (the one signed, else the
 * header as sent) and x-access-key. Needs only the request half of the view, so a failed request links the same way.
 */
export function linkFromExchange(exchange: ExchangeRequest & Pick<HttpExchangeView, 'signing'>): InspectorDeepLink {
  const url = new URL(exchange.url)
  const header = (name: string) => exchange.requestHeaders.find(h => h.name.toLowerCase() === name)?.value
  const stamp = exchange.signing?.timestamp ?? header('x-timestamp')
  return {
    method: exchange.method,
    path: `${url.pathname}${url.search}`,
    body: exchange.requestBody,
    timestamp: stamp,
    accessKey: header('x-access-key'),
  }
}

/** The same link from a network-log entry (a request that failed, where only its log id came back): its request half. */
export function linkFromLogEntry(entry: LogEntry): InspectorDeepLink {
  return linkFromExchange(exchangeRequest(entry))
}
