import { z } from 'zod'
import {
  type ConnectionDetails,
  type HeaderPair,
  headerNameSchema,
  headerValueSchema,
  httpMethodSchema,
  type LogEntry,
  type LogPurpose,
  lazySchema,
  type PhaseTimings,
} from '../../../shared/contract'
import { ConsoleError } from '../core/console-error'
import { timeSlicer } from '../core/time-slicer'
import type { CapturedBody } from '../log/network-log'
import type { Redactor } from '../log/redaction'
import { sliceHar } from './har-slices'

const nameValue = lazySchema(() => z.object({ name: z.string(), value: z.string() }))
/** HTTP/2 and HTTP/3 pseudo-headers (`:method`, `:path`…), which browsers list among the request headers. */
const pseudoHeaderName = lazySchema(() => z.string().regex(/^:[a-z]+$/))
/** The extensions' text is shown in the exchange detail: a hostile file cannot make it arbitrarily large. */
const text = lazySchema(() => z.string().max(4096))
const optionalText = lazySchema(() => text.nullable().default(null))
const certificateSchema = lazySchema(() =>
  z.object({
    subject: text,
    issuer: text,
    validFrom: text,
    validTo: text,
    subjectAltNames: z.array(text).max(512).default([]),
    fingerprint256: text,
    selfIssued: z.boolean().default(false),
  }),
)
/** The console's own HAR extensions (har-export.ts): read back when they are well formed, ignored when not. */
const tlsSchema = lazySchema(() =>
  z.object({
    protocol: text.nullable(),
    cipher: text.nullable(),
    alpn: optionalText,
    chain: z.array(certificateSchema).max(16),
    trustedBy: optionalText,
    inspection: optionalText,
    sessionReused: z.boolean().default(false),
    clientCertificate: optionalText,
  }),
)
const proxySchema = lazySchema(() =>
  z.object({
    url: text.nullable(),
    source: z.enum(['environment', 'HTTPS_PROXY', 'HTTP_PROXY']).nullable().catch(null),
    bypass: text.optional().catch(undefined),
  }),
)
const connectionSchema = lazySchema(() => z.object({ reused: z.boolean(), remoteAddress: text.nullable() }))
const timing = lazySchema(() => z.number().min(-1))
const entrySchema = lazySchema(() =>
  z.object({
    startedDateTime: z.string().refine(s => Number.isFinite(Date.parse(s)), 'must be an ISO 8601 date-time'),
    time: z.number().min(0),
    request: z.object({
      // The contract's rules: an entry whose method or header could not be HTTP is skipped (listed), never logged.
      method: httpMethodSchema,
      url: z.string().min(1),
      httpVersion: z.string(),
      headers: z.array(z.object({ name: z.union([headerNameSchema, pseudoHeaderName]), value: headerValueSchema })),
      postData: z.object({ mimeType: z.string(), text: z.string().optional() }).optional(),
      bodySize: z.number().optional(),
    }),
    response: z.object({
      status: z.number().int().min(0).max(999),
      statusText: z.string(),
      httpVersion: z.string(),
      headers: z.array(nameValue),
      content: z.object({
        size: z.number(),
        mimeType: z.string().optional(),
        text: z.string().optional(),
        encoding: z.string().optional(),
      }),
      redirectURL: z.string(),
    }),
    timings: z.object({
      blocked: timing.optional(),
      dns: timing.optional(),
      connect: timing.optional(),
      ssl: timing.optional(),
      send: timing,
      wait: timing,
      receive: timing,
    }),
    comment: z.string().optional(),
    _purpose: z.string().optional(),
    _source: z.string().optional(),
    _auth: z.string().optional(),
    _tls: tlsSchema.optional().catch(undefined),
    _proxy: proxySchema.optional().catch(undefined),
    _connection: connectionSchema.optional().catch(undefined),
  }),
)
/** Entries a HAR may hold (a larger file is refused whole, before anything is read). */
const MAX_ENTRIES = 100_000

const documentSchema = lazySchema(() =>
  z.object({
    log: z.object({
      version: z.string(),
      creator: z.object({ name: z.string(), version: z.string() }),
      entries: z.array(z.unknown()).max(MAX_ENTRIES),
    }),
  }),
)

type HarEntryIn = z.infer<typeof entrySchema>

/** An imported entry, redacted, ready for NetworkLog.addImported. */
interface ImportedEntry {
  entry: Omit<LogEntry, 'id' | 'seq' | 'imported' | 'requestBody' | 'responseBody'>
  bodies: { request: CapturedBody | null; response: CapturedBody | null }
}

/**
 * Reads a HAR 1.2 document to view its entries in the log. A document that is not JSON or not HAR is refused with a
 * ConsoleError('invalid_request') naming the problem (with its JSON path); entries that are not valid are skipped and
 * listed, the rest imported. Everything is redacted like captured traffic, since a HAR from elsewhere may hold secrets:
 * by name only, so nothing in the file becomes a known secret (docs/security.md). Every entry is checked, but only the
 * last `keep` valid ones are built and redacted (the log would drop older ones at once): `valid` counts them all.
 * The text is split without one long JSON.parse (sliceHar) and entries are read in time slices of a few
 * milliseconds with a turn of the event loop between them (timeSlicer), so a large import never stalls the console's
 * other calls and never holds more than `keep` entries as objects; `signal` stops it between two slices.
 * Never throws anything but ConsoleError.
 */
export async function parseHar(
  text: string,
  redactor: Redactor,
  options: { signal?: AbortSignal; keep?: number } = {},
): Promise<{ entries: ImportedEntry[]; valid: number; skipped: Array<{ index: number; problem: string }> }> {
  const keep = Math.max(0, options.keep ?? Number.POSITIVE_INFINITY)
  const pause = timeSlicer({ signal: options.signal, cancelled: 'The HAR import was stopped: nothing of it was added to the log.' })
  const { entries: all, texts } = await documentEntries(text)
  const entryValue = texts ? parseEntryText : (raw: unknown) => raw
  await pause()
  // Where the last `keep` valid entries are (a ring): only indices are held, so what pass one parses dies young (the
  // garbage collector then has little to copy) and entries the log would drop are never built.
  const kept: number[] = []
  let ringStart = 0
  let valid = 0
  const skipped: Array<{ index: number; problem: string }> = []
  for (let index = 0; index < all.length; index++) {
    await pause()
    const checked = checkHarEntry(entryValue(all[index]), index)
    if ('problem' in checked) {
      skipped.push({ index, problem: checked.problem })
      continue
    }
    valid++
    if (keep === 0) continue
    if (kept.length < keep) kept.push(index)
    else {
      kept[ringStart] = index
      ringStart = (ringStart + 1) % kept.length
    }
  }
  if (valid === 0 && skipped.length > 0) {
    throw new ConsoleError(
      'invalid_request',
      `No entry of the HAR could be read: ${skipped
        .slice(0, 3)
        .map(s => s.problem)
        .join('; ')}.`,
      {
        details: { skipped: skipped.slice(0, 50) },
      },
    )
  }
  const entries: ImportedEntry[] = []
  for (let k = 0; k < kept.length; k++) {
    await pause()
    const index = kept[(ringStart + k) % kept.length] as number
    entries.push(readHarEntry(entryValue(all[index]), index, redactor) as ImportedEntry)
  }
  return { entries, valid, skipped }
}

/** An entry's JSON text (see documentEntries) parsed: a text that is not JSON refuses the whole file. */
function parseEntryText(raw: unknown): unknown {
  try {
    return JSON.parse(raw as string)
  } catch (error) {
    throw notJson(error)
  }
}

/**
 * The entries of a HAR's text, each still its own JSON text when the text could be split without parsing it whole
 * (sliceHar; the document around them is checked with them left out), else parsed whole (a small or odd document,
 * whose parse error then says precisely what is wrong).
 */
async function documentEntries(text: string): Promise<{ entries: unknown[]; texts: boolean }> {
  const sliced = await sliceHar(text)
  if (!sliced) {
    let json: unknown
    try {
      json = JSON.parse(text)
    } catch (error) {
      throw notJson(error)
    }
    return { entries: harDocumentEntries(json), texts: false }
  }
  harDocumentEntries(withEntries(sliced.document, []))
  if (sliced.entries.length > MAX_ENTRIES) {
    throw new ConsoleError(
      'invalid_request',
      `The HAR holds ${sliced.entries.length} entries, more than the ${MAX_ENTRIES} the console opens.`,
      {
        hint: 'Save fewer entries, or split the file.',
      },
    )
  }
  return { entries: sliced.entries, texts: true }
}

function notJson(error: unknown): ConsoleError {
  return new ConsoleError('invalid_request', `The file is not JSON, so it is not a HAR: ${(error as Error).message}.`, {
    hint: 'Export the HAR again from the browser or tool (DevTools: Network → Export HAR).',
  })
}

/** The sliced document with its entries' texts put back where `log.entries` was (validated like parsed ones). */
function withEntries(document: unknown, entries: string[]): unknown {
  const log = (document as { log?: unknown }).log
  if (typeof log === 'object' && log !== null && !Array.isArray(log)) (log as { entries: unknown }).entries = entries
  return document
}

/**
 * The entries of a parsed HAR document, not yet read one by one (readHarEntry does that, so a caller can stream them).
 * A document that is not HAR 1.x is refused with a ConsoleError('invalid_request') naming the problem.
 */
export function harDocumentEntries(json: unknown): unknown[] {
  const doc = documentSchema.safeParse(json)
  if (!doc.success) {
    const problems = doc.error.issues
      .slice(0, 5)
      .map(i => `${['', ...i.path.map(String)].join('.').slice(1) || '(document)'}: ${i.message}`)
    throw new ConsoleError('invalid_request', `The file is not a HAR 1.2 document: ${problems.join('; ')}.`, {
      hint: 'A HAR has a top-level "log" with "version", "creator" and "entries".',
      details: { problems },
    })
  }
  if (!doc.data.log.version.startsWith('1.')) {
    throw new ConsoleError('invalid_request', `HAR version ${doc.data.log.version} is not supported (1.1 and 1.2 are).`)
  }
  return doc.data.log.entries
}

/** One HAR entry read and redacted like captured traffic, or the problem that makes it unreadable (with its path). */
export function readHarEntry(raw: unknown, index: number, redactor: Redactor): ImportedEntry | { problem: string } {
  const checked = checkHarEntry(raw, index)
  return 'problem' in checked ? checked : toImported(checked.data, redactor)
}

/** One HAR entry checked against HAR 1.2 (not yet built), or the problem that makes it unreadable (with its path). */
function checkHarEntry(raw: unknown, index: number): { data: HarEntryIn } | { problem: string } {
  const parsed = entrySchema.safeParse(raw)
  if (parsed.success) return { data: parsed.data }
  const issue = parsed.error.issues[0]
  return { problem: `log.entries[${index}]${issue?.path.length ? `.${issue.path.join('.')}` : ''}: ${issue?.message ?? 'invalid'}` }
}

function toImported(h: HarEntryIn, r: Redactor): ImportedEntry {
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
  const requestHeaders = r.headers(h.request.headers.filter(p => !p.name.startsWith(':')) as HeaderPair[])
  const responseHeaders = r.headers(h.response.headers as HeaderPair[])
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
      method: h.request.method.toUpperCase(),
      url,
      host: m?.[1] ?? '',
      path: m?.[2] || '/',
      purpose: purposes.includes(h._purpose as LogPurpose) ? (h._purpose as LogPurpose) : 'other',
      source: h._source === 'captured' || h._source === 'operator' ? h._source : 'console',
      auth,
      state: h.response.status > 0 ? 'done' : 'failed',
      status: h.response.status || null,
      statusText: h.response.statusText,
      durationMs: h.time,
      responseBytes: content.size >= 0 ? content.size : null,
      truncated: false,
      error: h.response.status > 0 ? null : 'No response (as recorded in the HAR).',
      attempt: 1,
      envId: null,
      requestId: null,
      httpVersion: h.request.httpVersion || 'HTTP/1.1',
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
              mimeType: h.request.postData?.mimeType ?? '',
            },
      response: { text: r.body(responseText), size: Math.max(0, content.size), mimeType: content.mimeType ?? '' },
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
