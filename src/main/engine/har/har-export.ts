import type { HeaderPair, LogEntry } from '../../../shared/contract'
import type { Har, HarEntry, HarNameValue } from './har-types'

const SANITIZED_COMMENT =
  'Sanitized by Partner API Console: credentials (Authorization, x-signature, cookies, client_secret, codes, tokens and ' +
  'every secret the console knew) were replaced at capture time by [redacted:<label>:<fingerprint>].'

/**
 * Writes log entries as a HAR 1.2 document. The entries are the log's own, already redacted at capture, so the HAR is
 * sanitized by construction; it adds nothing the log does not hold. Phases that did not happen are -1 as HAR wants,
 * `connect` includes `ssl`, and `time` is the sum of the phases. Truncated or evicted bodies say so in a comment.
 */
export function buildHar(entries: readonly LogEntry[], creator: { name: string; version: string }): Har {
  return {
    log: {
      version: '1.2',
      creator: { name: creator.name, version: creator.version },
      entries: entries.map(toHarEntry),
      comment: SANITIZED_COMMENT,
    },
  }
}

function toHarEntry(e: LogEntry): HarEntry {
  const t = e.timings
  const ssl = t?.tls ?? null
  const connect = t?.connect === null || t?.connect === undefined ? null : t.connect + (ssl ?? 0)
  const timings = {
    blocked: t ? t.blocked : -1,
    dns: t?.dns ?? -1,
    connect: connect ?? -1,
    send: t?.send ?? 0,
    wait: t?.wait ?? 0,
    receive: t?.receive ?? 0,
    ssl: ssl ?? -1,
  }
  const time = [timings.blocked, timings.dns, timings.connect, timings.send, timings.wait, timings.receive]
    .filter(v => v > 0)
    .reduce((a, b) => a + b, 0)
  const requestType = headerValue(e.requestHeaders, 'content-type') ?? e.requestBody?.mimeType ?? ''
  const body = e.responseBody
  const entry: HarEntry = {
    startedDateTime: e.startedAt,
    time: round(time),
    request: {
      method: e.method,
      url: e.url,
      httpVersion: e.httpVersion,
      cookies: [],
      headers: e.requestHeaders.map(nv),
      queryString: queryOf(e.url),
      headersSize: -1,
      bodySize: e.requestBody ? e.requestBody.size : 0,
    },
    response: {
      status: e.status ?? 0,
      statusText: e.statusText,
      httpVersion: e.status ? e.httpVersion : '',
      cookies: [],
      headers: e.responseHeaders.map(nv),
      content: { size: body?.size ?? 0, mimeType: body?.mimeType || headerValue(e.responseHeaders, 'content-type') || 'x-unknown' },
      redirectURL: headerValue(e.responseHeaders, 'location') ?? '',
      headersSize: -1,
      bodySize: body ? body.size : e.status ? 0 : -1,
    },
    cache: {},
    timings,
    _purpose: e.purpose,
    _source: e.source,
    _auth: e.auth,
    _attempt: e.attempt,
  }
  if (e.requestBody) {
    entry.request.postData = { mimeType: requestType, text: e.requestBody.text }
    const note = bodyNote(e.requestBody)
    if (note) entry.request.postData.comment = note
  }
  if (body && (body.text !== '' || body.size === 0)) entry.response.content.text = body.text
  const responseNote = body ? bodyNote(body) : null
  if (responseNote) entry.response.content.comment = responseNote
  if (e.connection) {
    const c = e.connection
    if (c.tls) entry._tls = c.tls
    entry._proxy = { url: c.proxy, source: c.proxySource, ...(c.proxyBypass ? { bypass: c.proxyBypass } : {}) }
    entry._connection = { reused: c.reused, remoteAddress: c.remoteAddress }
  }
  if (e.client) entry._client = { userAgent: e.client.userAgent, peerAddress: e.client.peerAddress, peerPort: e.client.peerPort }
  if (e.imported) entry._imported = true
  if (e.error) entry._error = e.error
  const comments = [...e.notes, ...(e.error ? [`Failed: ${e.error}`] : [])]
  if (comments.length) entry.comment = comments.join(' ')
  return entry
}

function bodyNote(body: NonNullable<LogEntry['responseBody']>): string | null {
  if (body.evicted) return `Body not kept: dropped to keep the network log within its memory budget (${body.size} bytes).`
  if (body.truncated) return `Body truncated: the text is the first part of ${body.size} bytes.`
  return null
}

function nv(h: HeaderPair): HarNameValue {
  return { name: h.name, value: h.value }
}

function headerValue(headers: readonly HeaderPair[], name: string): string | undefined {
  return headers.find(h => h.name.toLowerCase() === name)?.value
}

/** The query of a (redacted) URL as name/value pairs, decoded where possible, never re-encoded. */
function queryOf(url: string): HarNameValue[] {
  const q = url.indexOf('?')
  if (q < 0) return []
  const hash = url.indexOf('#', q)
  const query = url.slice(q + 1, hash < 0 ? undefined : hash)
  if (query === '') return []
  return query.split('&').map(pair => {
    const eq = pair.indexOf('=')
    return { name: decode(eq < 0 ? pair : pair.slice(0, eq)), value: eq < 0 ? '' : decode(pair.slice(eq + 1)) }
  })
}

function decode(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '))
  } catch {
    return text
  }
}

function round(ms: number): number {
  return Math.round(ms * 1000) / 1000
}
