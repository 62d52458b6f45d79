import { z } from 'zod'
import { lazySchema } from '../../../shared/contract/define'
import { headerNameSchema, headerValueSchema, httpMethodSchema } from '../../../shared/contract/http-fields'
import { ConsoleError } from '../core/console-error'

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
export const MAX_ENTRIES = 100_000

const documentSchema = lazySchema(() =>
  z.object({
    log: z.object({
      version: z.string(),
      creator: z.object({ name: z.string(), version: z.string() }),
      entries: z.array(z.unknown()).max(MAX_ENTRIES),
    }),
  }),
)

/** A HAR entry as checked: what toImported builds a log entry from (plain data: it crosses threads as it is). */
export type HarEntryIn = z.infer<typeof entrySchema>

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

/** One HAR entry checked against HAR 1.2 (not yet built), or the problem that makes it unreadable (with its path). */
export function checkHarEntry(raw: unknown, index: number): { data: HarEntryIn } | { problem: string } {
  const parsed = entrySchema.safeParse(raw)
  if (parsed.success) return { data: parsed.data }
  const issue = parsed.error.issues[0]
  return { problem: `log.entries[${index}]${issue?.path.length ? `.${issue.path.join('.')}` : ''}: ${issue?.message ?? 'invalid'}` }
}
