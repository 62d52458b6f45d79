import type { TlsDetails } from '../../../shared/contract'

/** The subset of HAR 1.2 (http://www.softwareishard.com/blog/har-12-spec/) the console writes and reads. */
export interface HarNameValue {
  name: string
  value: string
  comment?: string
}

interface HarTimings {
  blocked: number
  dns: number
  connect: number
  send: number
  wait: number
  receive: number
  ssl: number
  comment?: string
}

export interface HarEntry {
  startedDateTime: string
  time: number
  request: {
    method: string
    url: string
    httpVersion: string
    cookies: HarNameValue[]
    headers: HarNameValue[]
    queryString: HarNameValue[]
    postData?: { mimeType: string; text: string; params?: HarNameValue[]; comment?: string }
    headersSize: number
    bodySize: number
    comment?: string
  }
  response: {
    status: number
    statusText: string
    httpVersion: string
    cookies: HarNameValue[]
    headers: HarNameValue[]
    content: { size: number; mimeType: string; text?: string; encoding?: string; compression?: number; comment?: string }
    redirectURL: string
    headersSize: number
    bodySize: number
    comment?: string
  }
  cache: Record<string, never>
  timings: HarTimings
  comment?: string
  /** Custom fields (HAR allows names starting with an underscore). */
  _purpose?: string
  /** Who made the exchange: console, operator (sandbox-admin calls) or captured (the partner's integration). */
  _source?: string
  /** The partner's client of a captured exchange. */
  _client?: { userAgent: string | null; peerAddress: string; peerPort: number }
  _auth?: string
  _attempt?: number
  _imported?: boolean
  _error?: string
  /** TLS session and chain: protocol, cipher, ALPN, certificates, which CA trusted it, a TLS-inspecting proxy. */
  _tls?: TlsDetails
  /** The proxy that carried the request (origin, no credentials) and where it came from; null = direct. */
  _proxy?: { url: string | null; source: string | null; bypass?: string }
  /** Whether a keep-alive connection was reused and the address the socket was connected to. */
  _connection?: { reused: boolean; remoteAddress: string | null }
}

export interface Har {
  log: {
    version: '1.2'
    creator: { name: string; version: string; comment?: string }
    entries: HarEntry[]
    comment?: string
  }
}
