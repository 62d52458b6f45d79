import type { ConnectionDetails, FileText, LogEntry, LogPurpose, PhaseTimings } from '../../../shared/contract'
import { timeSlicer } from '../core/time-slicer'
import { Utf8Reader } from '../core/utf8-reader'
import type { CapturedBody } from '../log/network-log'
import type { Redactor } from '../log/redaction'
import { type CheckedEntry, checkHarText, type SkippedEntry } from './har-check'
import { checkHarOffThread } from './har-check-thread'
import { checkHarEntry, type HarEntryIn } from './har-entry-schema'

/**
 * Texts up to this many characters (or bytes) are checked in place, in time slices: below it a worker costs more than
 * it saves (its start and the round trips of its batches: a 3.4 MB HAR took 45× JSON.parse through one, 25× in place),
 * and the heap the check leaves is small enough that no collection stalls the loop (bench/har-import.ts).
 */
const IN_PLACE_SIZE = 4 * 1024 * 1024
/** Kept entries built (redacted) at a time by the in-place check, as the worker sends them. */
const BATCH = 100

/** An imported entry, redacted, ready for NetworkLog.addImported. */
interface ImportedEntry {
  entry: Omit<LogEntry, 'id' | 'seq' | 'imported' | 'requestBody' | 'responseBody'>
  bodies: { request: CapturedBody | null; response: CapturedBody | null }
}

/** A HAR read: every entry counted, the skipped ones named, the kept ones built a batch at a time as they are taken. */
interface ReadHar {
  valid: number
  skipped: SkippedEntry[]
  /** Each batch builds (redacts) an entry only when it is taken: a caller adding them in time slices slices that too. */
  batches: AsyncIterable<Iterable<ImportedEntry>>
}

/**
 * Reads a HAR 1.2 document to view its entries in the log. A document that is not JSON or not HAR is refused with a
 * ConsoleError('invalid_request') naming the problem (with its JSON path); entries that are not valid are skipped and
 * listed, the rest counted in `valid`. Everything is redacted like captured traffic, since a HAR from elsewhere may
 * hold secrets: by name only, so nothing in the file becomes a known secret (docs/security.md). Every entry is checked
 * before this answers, but only the last `keep` valid ones are built and redacted (the log would drop older ones at
 * once), a batch at a time as `batches` is read. A large text is split, parsed and checked in a worker thread
 * (checkHarOffThread), so the host's event loop and heap never carry the whole file as objects, and the kept entries
 * come back in small batches; a small one is checked in place, in time slices (timeSlicer). The file may come as its
 * text or its UTF-8 bytes (FileText): bytes that are not UTF-8 refuse it, naming the byte. When the worker cannot
 * start (its program missing from a package or failing to load; `workerUrl` names another one), a large text is
 * checked in place too, slower but the same. `signal` stops it until the counts are known, never after. Never throws
 * anything but ConsoleError.
 */
export async function readHar(
  source: FileText,
  redactor: Redactor,
  options: { signal?: AbortSignal; keep?: number; inPlaceUpTo?: number; workerUrl?: URL } = {},
): Promise<ReadHar> {
  const keep = Math.max(0, options.keep ?? Number.POSITIVE_INFINITY)
  const cancelled = 'The HAR import was stopped: nothing of it was added to the log.'
  const intern = internStrings()
  const build = function* (batch: CheckedEntry[]) {
    for (const e of batch) yield toImported(e.data, redactor, intern)
  }
  if (sizeOf(source) > (options.inPlaceUpTo ?? IN_PLACE_SIZE)) {
    const checked = await checkHarOffThread(source, keep, { signal: options.signal, cancelled, workerUrl: options.workerUrl })
    if (checked) return { valid: checked.valid, skipped: checked.skipped, batches: mapBatches(checked.batches(), build) }
  }
  const text = typeof source === 'string' ? source : decodeInPlace(source)
  const pause = timeSlicer({ signal: options.signal, cancelled })
  const checked = await checkHarText(text, keep, pause)
  const inPlace = async function* () {
    yield* checked.batches(BATCH)
  }
  return { valid: checked.valid, skipped: checked.skipped, batches: mapBatches(inPlace(), build) }
}

/** A string's length, or the bytes' total. */
function sizeOf(source: FileText): number {
  if (typeof source === 'string') return source.length
  return Array.isArray(source) ? source.reduce((sum, piece) => sum + piece.byteLength, 0) : source.byteLength
}

/** A small file's bytes as text (refused, naming the byte, when they are not UTF-8). */
function decodeInPlace(bytes: Uint8Array | Uint8Array[]): string {
  const reader = new Utf8Reader('HAR file')
  for (const piece of Array.isArray(bytes) ? bytes : [bytes]) reader.push(piece)
  return reader.end()
}

async function* mapBatches<A, B>(batches: AsyncIterable<A>, map: (a: A) => B): AsyncIterable<B> {
  for await (const batch of batches) yield map(batch)
}

/** readHar with every kept entry built at once: for callers that want the whole (a test, a small file). */
export async function parseHar(
  text: FileText,
  redactor: Redactor,
  options: { signal?: AbortSignal; keep?: number; inPlaceUpTo?: number; workerUrl?: URL } = {},
): Promise<{ entries: ImportedEntry[]; valid: number; skipped: SkippedEntry[] }> {
  const read = await readHar(text, redactor, options)
  const entries: ImportedEntry[] = []
  for await (const batch of read.batches) entries.push(...batch)
  return { entries, valid: read.valid, skipped: read.skipped }
}

/** One HAR entry read and redacted like captured traffic, or the problem that makes it unreadable (with its path). */
export function readHarEntry(raw: unknown, index: number, redactor: Redactor): ImportedEntry | { problem: string } {
  const checked = checkHarEntry(raw, index)
  return 'problem' in checked ? checked : toImported(checked.data, redactor)
}

/** Short strings an import repeats, one copy each. */
const INTERN_CHARS = 64
const INTERN_MAX = 4096

/**
 * One shared copy of each short string an import meets again and again (header names and common values, methods,
 * versions, status texts, hosts, media types): every entry the log keeps would otherwise hold copies of its own,
 * which the garbage collector copies again while the log fills. At most INTERN_MAX strings are remembered (the
 * common ones come first), so unique values cost nothing more.
 */
function internStrings(): (s: string) => string {
  const seen = new Map<string, string>()
  return s => {
    if (s.length > INTERN_CHARS) return s
    const known = seen.get(s)
    if (known !== undefined) return known
    if (seen.size < INTERN_MAX) seen.set(s, s)
    return s
  }
}

function toImported(h: HarEntryIn, r: Redactor, intern: (s: string) => string = s => s): ImportedEntry {
  const url = r.url(h.request.url)
  const m = /^[a-z][a-z0-9+.-]*:\/\/([^/?#]*)([^#]*)/i.exec(url)
  const t = h.timings
  const ssl = t.ssl !== undefined && t.ssl >= 0 ? t.ssl : null
  const connect = t.connect !== undefined && t.connect >= 0 ? Math.max(0, t.connect - (ssl ?? 0)) : null
  const timings: PhaseTimings = {
    blocked: Math.max(0, t.blocked ?? 0),
    dns: t.dns !== undefined && t.dns >= 0 ? t.dns : null,
    connect,
    tls: ssl,
    send: Math.max(0, t.send),
    wait: Math.max(0, t.wait),
    receive: Math.max(0, t.receive),
    total: h.time,
    reusedConnection: connect === null,
  }
  // Pseudo-headers repeat the method and URL: they are not headers a request can be sent with again.
  const pairs = (list: Array<{ name: string; value: string }>) => list.map(p => ({ name: intern(p.name), value: intern(p.value) }))
  const requestHeaders = r.headers(pairs(h.request.headers.filter(p => !p.name.startsWith(':'))))
  const responseHeaders = r.headers(pairs(h.response.headers))
  const postText = h.request.postData?.text
  const content = h.response.content
  let responseText = content.text ?? ''
  if (content.encoding === 'base64') {
    responseText = /json|text|xml|javascript|x-www-form-urlencoded/i.test(content.mimeType ?? '')
      ? Buffer.from(responseText, 'base64').toString('utf8')
      : ''
  }
  const purposes: LogPurpose[] = ['api', 'oauth-token', 'sandbox-admin', 'other']
  const auth = h._auth === 'bearer' || h._auth === 'hmac' || h._auth === 'none' ? h._auth : 'unknown'
  return {
    entry: {
      startedAt: new Date(Date.parse(h.startedDateTime)).toISOString(),
      method: intern(h.request.method.toUpperCase()),
      url,
      host: intern(m?.[1] ?? ''),
      path: m?.[2] || '/',
      purpose: purposes.includes(h._purpose as LogPurpose) ? (h._purpose as LogPurpose) : 'other',
      source: h._source === 'captured' || h._source === 'operator' ? h._source : 'console',
      auth,
      state: h.response.status > 0 ? 'done' : 'failed',
      status: h.response.status || null,
      statusText: intern(h.response.statusText),
      durationMs: h.time,
      responseBytes: content.size >= 0 ? content.size : null,
      truncated: false,
      error: h.response.status > 0 ? null : 'No response (as recorded in the HAR).',
      attempt: 1,
      envId: null,
      requestId: null,
      httpVersion: intern(h.request.httpVersion || 'HTTP/1.1'),
      requestHeaders,
      responseHeaders,
      timings,
      notes: h.comment ? [r.text(h.comment)] : [],
      ...connectionOf(h, r),
    },
    bodies: {
      request:
        postText === undefined
          ? null
          : {
              text: r.body(postText),
              size: Math.max(0, h.request.bodySize ?? Buffer.byteLength(postText)),
              mimeType: intern(h.request.postData?.mimeType ?? ''),
            },
      response: { text: r.body(responseText), size: Math.max(0, content.size), mimeType: intern(content.mimeType ?? '') },
    },
  }
}

/** The proxy, connection and TLS facts a console HAR carries (`_proxy`, `_connection`, `_tls`), when it has any. */
function connectionOf(h: HarEntryIn, r: Redactor): { connection?: ConnectionDetails } {
  if (!h._tls && !h._proxy && !h._connection) return {}
  return {
    connection: {
      proxy: h._proxy?.url ? withoutCredentials(r.url(h._proxy.url)) : null,
      proxySource: h._proxy?.source ?? null,
      proxyBypass: h._proxy?.bypass ? r.text(h._proxy.bypass) : null,
      reused: h._connection?.reused ?? false,
      remoteAddress: h._connection?.remoteAddress ?? null,
      tls: h._tls ?? null,
    },
  }
}

/** A proxy URL as the console shows one: its origin, never a user name or password written into it. */
function withoutCredentials(url: string): string {
  try {
    const u = new URL(url)
    return u.origin === 'null' ? `${u.protocol}//${u.host}` : u.origin
  } catch {
    return url.replace(/\/\/[^/@]*@/, '//')
  }
}
