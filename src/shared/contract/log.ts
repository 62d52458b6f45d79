import { z } from 'zod'
import type { ConnectionDetails } from './connection'
import { event, invoke, lazySchema } from './define'
import { fileText } from './file-text'
import type { HeaderPair, PhaseTimings } from './http'

// The `log:*` channels and events: the network log of every exchange the engine makes (redacted at capture), its
// HAR 1.2 export and import, and copy as cURL.

export type LogPurpose = 'api' | 'oauth-token' | 'sandbox-admin' | 'other'
type LogEntryState = 'pending' | 'done' | 'failed'
/**
 * Who made the exchange: the console itself (`console`), the console's sandbox operator calls (`operator`), or the
 * partner's own integration seen through the capture gateway or proxy (`captured`).
 */
export type LogSource = 'console' | 'captured' | 'operator'

/** The partner's client of a captured exchange, as the capture saw it (no secret: a user agent and a loopback port). */
export interface LogClient {
  userAgent: string | null
  peerAddress: string
  peerPort: number
}

/** What the log list shows for one exchange (streamed as `log:entry` when it starts and when it ends). */
export interface LogEntrySummary {
  id: string
  seq: number
  startedAt: string
  method: string
  /** Redacted (query values such as `code` are fingerprints). */
  url: string
  host: string
  path: string
  purpose: LogPurpose
  /** Who made it: the console, its sandbox operator calls, or the partner's integration (captured). */
  source: LogSource
  auth: 'bearer' | 'hmac' | 'none' | 'unknown'
  state: LogEntryState
  status: number | null
  statusText: string
  durationMs: number | null
  /** Per-phase timings, for the list's waterfall (null while pending, for failures before a response, and for HARs without them). */
  timings: PhaseTimings | null
  /** Bytes of the response body the server sent (also past the cap). */
  responseBytes: number | null
  truncated: boolean
  error: string | null
  /** True for entries loaded from a HAR file (not traffic of this session). */
  imported: boolean
  /** 1 for a first attempt, 2+ for retries of the same request. */
  attempt: number
  envId: string | null
  requestId: string | null
}

export interface LoggedBody {
  text: string
  /** The body's real size in bytes. */
  size: number
  mimeType: string
  /** Cut at the log's per-body cap (or the executor's): `text` is a prefix. */
  truncated: boolean
  /** Dropped later to keep the log within its memory budget (`text` is empty). */
  evicted: boolean
}

export interface LogEntry extends LogEntrySummary {
  httpVersion: string
  requestHeaders: HeaderPair[]
  requestBody: LoggedBody | null
  responseHeaders: HeaderPair[]
  responseBody: LoggedBody | null
  timings: PhaseTimings | null
  notes: string[]
  /** Proxy, connection reuse and TLS details (absent for entries without a socket, and for HARs without `_tls`). */
  connection?: ConnectionDetails
  /** The partner's client, for captured exchanges only. */
  client?: LogClient
}

export interface LogConfig {
  /** Entries kept (oldest dropped first). */
  capacity: number
  /** Characters of one body kept in the log. */
  maxBodyChars: number
  /** Characters of bodies kept over all entries; older bodies are dropped first past it. */
  bodyBudgetChars: number
}

const statusFilter = lazySchema(() =>
  z.union([z.number().int().min(0).max(999), z.enum(['1xx', '2xx', '3xx', '4xx', '5xx', 'failed', 'pending'])]),
)

export const logChannels = {
  /** A page of entry summaries, newest first, filtered by method, status (or class) and text in the URL/error. */
  'log:list': invoke(() =>
    z
      .object({
        offset: z.number().int().min(0).default(0),
        limit: z.number().int().min(1).max(1000).default(200),
        method: z.string().min(1).max(32).optional(),
        status: statusFilter.optional(),
        text: z.string().max(500).optional(),
        /** The filter language (docs/requests.md): `status:4xx -source:operator "M-2002"`. */
        query: z.string().max(2000).optional(),
      })
      .strict(),
  ).returns<{ entries: LogEntrySummary[]; total: number; size: number; capacity: number }>(),
  /**
   * The ids of the entries a filter-language query matches (bodies included), and a sentence for each term that
   * could not be read (left out of the filter).
   */
  'log:match': invoke(() => z.object({ query: z.string().max(2000) }).strict()).returns<{ ids: string[]; problems: string[] }>(),
  /** One entry in full: headers, bodies, timings (all redacted). */
  'log:get': invoke(() => z.object({ id: z.string().min(1).max(100) }).strict()).returns<LogEntry>(),
  'log:clear': invoke(() => z.object({}).strict()).returns<{ cleared: number }>(),
  'log:configure': invoke(() =>
    z
      .object({
        capacity: z.number().int().min(10).max(100_000).optional(),
        maxBodyChars: z
          .number()
          .int()
          .min(0)
          .max(16 * 1024 * 1024)
          .optional(),
        bodyBudgetChars: z
          .number()
          .int()
          .min(0)
          .max(1024 * 1024 * 1024)
          .optional(),
      })
      .strict(),
  ).returns<LogConfig>(),
  /**
   * The log (or the given entries) as a HAR 1.2 document, sanitized by default. `includeSecrets: true` (an explicit
   * choice) puts back the secrets the engine still holds in memory; see docs/requests.md.
   */
  'log:saveHar': invoke(() =>
    z
      .object({
        ids: z.array(z.string().min(1).max(100)).max(100_000).optional(),
        includeSecrets: z.boolean().default(false),
      })
      .strict(),
  ).returns<{ har: string; entries: number; sanitized: boolean; restored?: number; unresolved?: number }>(),
  /** Loads a HAR file's entries into the log to view them (marked imported, redacted like captured traffic). */
  'log:openHar': invoke(() =>
    z
      .object({
        /** The file's text, or its UTF-8 bytes (FileText; the web host's uploads), at most 64 MB. */
        text: fileText(1, 64 * 1024 * 1024),
      })
      .strict(),
  ).returns<{
    /** Valid entries of the file, all counted (the oldest `dropped` of them were past the log's capacity). */
    imported: number
    /** The entries the log holds now, oldest first. */
    ids: string[]
    /** Imported entries older than the log's capacity lets it keep: counted, never built or stored. */
    dropped: number
    /** Entries left out because they are not valid HAR 1.2, with the first problem of each. */
    skipped: Array<{ index: number; problem: string }>
  }>(),
  /**
   * One entry as a cURL command. Redacted by default; `redacted: false` puts live credentials in (the current bearer
   * token, or a fresh HMAC signature made now), never the values captured at the time.
   */
  'log:curl': invoke(() => z.object({ id: z.string().min(1).max(100), redacted: z.boolean().default(true) }).strict()).returns<{
    command: string
    notes: string[]
  }>(),
}

export const logEvents = {
  /** An entry was added (state pending) or completed/failed. */
  'log:entry': event<LogEntrySummary>(),
  /** The log was cleared (or imported entries replaced): reload the list. */
  'log:cleared': event<{ at: string }>(),
  /** Entries were added in bulk (a HAR import, once per slice of it, not once per entry): reload the list. */
  'log:changed': event<{ added: number }>(),
}
