import type {
  ConnectionDetails,
  HeaderPair,
  LogClient,
  LogConfig,
  LogEntry,
  LogEntrySummary,
  LoggedBody,
  LogPurpose,
  LogSource,
  PhaseTimings,
  RespondedEntry,
} from '../../../shared/contract'
import { ConsoleError } from '../core/console-error'
import { compileQuery, type LogQuery } from './log-query'

const DEFAULT_LOG_CONFIG: LogConfig = {
  capacity: 10_000,
  maxBodyChars: 256 * 1024,
  bodyBudgetChars: 32 * 1024 * 1024,
}

/** A body as captured (already redacted). */
export interface CapturedBody {
  text: string
  size: number
  mimeType: string
  truncated?: boolean
}

/** The request half of an entry, already redacted by the caller. */
export interface BeginCapture {
  method: string
  url: string
  /** `url`'s host and path (query included), when the caller has them already: the URL is not split again. */
  parts?: { host: string; path: string }
  purpose: LogPurpose
  auth: LogEntry['auth']
  requestHeaders: HeaderPair[]
  requestBody: CapturedBody | null
  envId?: string | null
  requestId?: string | null
  attempt?: number
  /** ISO time the request was sent (default: now). */
  startedAt?: string
  notes?: string[]
  /** Who made it (default: `operator` for sandbox-admin calls, else `console`); captured ones name their client. */
  source?: LogSource
  client?: LogClient
}

/** The response half (or the failure), already redacted. */
interface CompleteCapture {
  status: number
  statusText: string
  httpVersion?: string
  responseHeaders: HeaderPair[]
  responseBody: CapturedBody | null
  timings: PhaseTimings | null
  durationMs: number
  error?: string | null
  notes?: string[]
  /** Proxy, reuse and TLS details (hold no secret: certificate names, the proxy's origin without credentials). */
  connection?: ConnectionDetails
}

interface Slot {
  entry: LogEntry
  bodyChars: number
}

/**
 * The network log: a ring buffer of exchanges that is bounded twice, by entry count (`capacity`, oldest dropped first)
 * and by the characters of bodies it keeps (`maxBodyChars` per body, `bodyBudgetChars` overall: past the budget the
 * oldest entries lose their bodies but keep everything else). It stores only what callers give it, which is redacted
 * at capture time; nothing unredacted is ever kept, so nothing unredacted can leak from it.
 */
export class NetworkLog {
  private readonly slots = new Map<string, Slot>()
  /** Ids of entries holding body text, oldest first (the budget's eviction order). */
  private bodyQueue: string[] = []
  private bodyQueueHead = 0
  /**
   * Ids in capture order, oldest at `orderHead`: what the capacity drops first. Not the Map's own first entry: a Map
   * that drops from its front skips over every hole left before it until it rehashes, thousands per request at 10,000.
   */
  private order: string[] = []
  private orderHead = 0
  private bodyChars = 0
  private seq = 0
  private config: LogConfig

  constructor(
    config: Partial<LogConfig> = {},
    /** `onEntry` gets the live entry: summarize it (cheaply) only when someone listens. */
    private readonly listeners: {
      onEntry?: (entry: Readonly<LogEntry>) => void
      onCleared?: () => void
      /** Entries were added in bulk (an import): one call for many, re-read the list (see `announceImported`). */
      onImported?: (added: number) => void
    } = {},
  ) {
    this.config = { ...DEFAULT_LOG_CONFIG, ...config }
  }

  /**
   * Records a request as it is sent. Returns the entry as captured: its body whole (the log's own copy is cut to
   * `maxBodyChars` and may lose its body later), to be completed with `complete`.
   */
  begin(c: BeginCapture): LogEntry {
    this.seq += 1
    const id = `log-${this.seq}`
    const { host, path } = c.parts ?? splitUrl(c.url)
    const startedAt = c.startedAt ?? new Date().toISOString()
    // Two entries built by one literal each (the caller's with its body whole, the log's own with the body it stores):
    // no spread copying ~30 fields from one to the other.
    const captured = pendingEntry(c, id, this.seq, startedAt, host, path, wholeBody(c.requestBody))
    const entry = pendingEntry(c, id, this.seq, startedAt, host, path, null)
    const slot: Slot = { entry, bodyChars: 0 }
    this.slots.set(id, slot)
    this.order.push(id)
    entry.requestBody = this.storeBody(slot, c.requestBody)
    this.enforceCapacity()
    this.enforceBudget()
    this.listeners.onEntry?.(entry)
    return captured
  }

  /**
   * Adds the response (or the failure, with `error`) to an entry begun with `begin`, and returns the completed entry
   * as captured (bodies whole): what the executor's exchange view is derived from. `pending` (the caller's, from
   * `begin`) is completed in place and returned, and the log's copy is completed in place too, unless it was dropped
   * meanwhile: two entry objects per exchange, not a copy of ~30 fields at each step.
   */
  complete(pending: LogEntry, c: CompleteCapture & { timings: PhaseTimings }): RespondedEntry
  complete(pending: LogEntry, c: CompleteCapture): LogEntry
  complete(pending: LogEntry, c: CompleteCapture): LogEntry {
    const slot = this.slots.get(pending.id)
    const notes = c.notes?.length ? [...pending.notes, ...c.notes] : pending.notes
    fillResponse(pending, c, notes)
    pending.responseBody = wholeBody(c.responseBody)
    pending.truncated = Boolean(c.responseBody?.truncated)
    if (slot) {
      // The log's copy keeps its own (possibly cut or evicted) request body and cuts the response body to its cap.
      const e = slot.entry
      fillResponse(e, c, notes)
      e.responseBody = this.storeBody(slot, c.responseBody)
      e.truncated = Boolean(e.responseBody?.truncated)
      this.enforceBudget()
      this.listeners.onEntry?.(e)
    }
    return pending
  }

  /** Adds a note to an entry after the fact (why it was not retried, say); returns the captured entry with it. */
  addNote<E extends LogEntry>(captured: E, note: string): E {
    const slot = this.slots.get(captured.id)
    if (slot) slot.entry.notes = [...slot.entry.notes, note]
    return { ...captured, notes: [...captured.notes, note] }
  }

  /**
   * Adds a finished entry from elsewhere (a HAR import), marked imported. `quiet` leaves out its own `onEntry`: a bulk
   * import adds thousands and says so once per slice with `announceImported`, so listeners run once, not per entry.
   */
  addImported(
    entry: Omit<LogEntry, 'id' | 'seq' | 'imported' | 'requestBody' | 'responseBody'>,
    bodies: {
      request: CapturedBody | null
      response: CapturedBody | null
    },
    options: { quiet?: boolean } = {},
  ): string {
    this.seq += 1
    const id = `log-${this.seq}`
    const full: LogEntry = { ...entry, id, seq: this.seq, imported: true, requestBody: null, responseBody: null }
    const slot: Slot = { entry: full, bodyChars: 0 }
    this.slots.set(id, slot)
    this.order.push(id)
    full.requestBody = this.storeBody(slot, bodies.request)
    full.responseBody = this.storeBody(slot, bodies.response)
    full.truncated = Boolean(full.responseBody?.truncated)
    this.enforceCapacity()
    this.enforceBudget()
    if (!options.quiet) this.listeners.onEntry?.(full)
    return id
  }

  /** Says that `added` entries were added quietly (addImported with `quiet`) since the last announcement. */
  announceImported(added: number): void {
    if (added > 0) this.listeners.onImported?.(added)
  }

  /** A page of summaries, newest first. */
  list(query: LogQuery & { offset?: number; limit?: number } = {}): {
    entries: LogEntrySummary[]
    total: number
    size: number
    capacity: number
  } {
    const all = [...this.slots.values()]
    const matched: LogEntrySummary[] = []
    const { matches } = compileQuery(query)
    for (let i = all.length - 1; i >= 0; i--) {
      const e = (all[i] as Slot).entry
      if (matches(e)) matched.push(summarize(e))
    }
    const offset = query.offset ?? 0
    return {
      entries: matched.slice(offset, offset + (query.limit ?? 200)),
      total: matched.length,
      size: this.slots.size,
      capacity: this.config.capacity,
    }
  }

  /**
   * The ids of every entry a filter-language query matches (capture order), with the problems of the terms it could
   * not read. The drawer filters its live list with it, so bodies (which summaries do not carry) are searched here.
   */
  match(query: string): { ids: string[]; problems: string[] } {
    const { matches, problems } = compileQuery({ query })
    const ids: string[] = []
    for (const slot of this.slots.values()) if (matches(slot.entry)) ids.push(slot.entry.id)
    return { ids, problems }
  }

  /** One entry in full; throws not_found when it was dropped or never existed. */
  get(id: string): LogEntry {
    const slot = this.slots.get(id)
    if (!slot) {
      throw new ConsoleError('not_found', `The network log has no entry ${id}.`, {
        hint: 'It may have been dropped to keep the log within its size, or the log was cleared.',
      })
    }
    return structuredClone(slot.entry)
  }

  /** Entries in capture order (all, or the given ids that still exist). */
  entries(ids?: readonly string[]): LogEntry[] {
    if (!ids) return [...this.slots.values()].map(s => s.entry)
    return ids.map(id => this.slots.get(id)?.entry).filter((e): e is LogEntry => e !== undefined)
  }

  clear(): number {
    const n = this.slots.size
    this.slots.clear()
    this.order = []
    this.orderHead = 0
    this.bodyQueue = []
    this.bodyQueueHead = 0
    this.bodyChars = 0
    this.listeners.onCleared?.()
    return n
  }

  configure(change: Partial<LogConfig>): LogConfig {
    this.config = { ...this.config, ...change }
    this.enforceCapacity()
    this.enforceBudget()
    return { ...this.config }
  }

  get settings(): LogConfig {
    return { ...this.config }
  }

  get size(): number {
    return this.slots.size
  }

  /** Characters of body text currently kept (what the budget bounds). */
  get keptBodyChars(): number {
    return this.bodyChars
  }

  private storeBody(slot: Slot, body: CapturedBody | null): LogEntry['requestBody'] {
    if (!body) return null
    const cap = this.config.maxBodyChars
    const cut = body.text.length > cap
    const text = cut ? body.text.slice(0, cap) : body.text
    if (text.length > 0) {
      slot.bodyChars += text.length
      this.bodyChars += text.length
      this.bodyQueue.push(slot.entry.id)
    }
    return { text, size: body.size, mimeType: body.mimeType, truncated: cut || Boolean(body.truncated), evicted: false }
  }

  private enforceCapacity(): void {
    while (this.slots.size > this.config.capacity && this.orderHead < this.order.length) {
      const id = this.order[this.orderHead] as string
      this.orderHead++
      const slot = this.slots.get(id)
      if (!slot) continue
      this.slots.delete(id)
      this.bodyChars -= slot.bodyChars
    }
    if (this.orderHead > 4096 && this.orderHead * 2 > this.order.length) {
      this.order = this.order.slice(this.orderHead)
      this.orderHead = 0
    }
  }

  private enforceBudget(): void {
    while (this.bodyChars > this.config.bodyBudgetChars && this.bodyQueueHead < this.bodyQueue.length) {
      const id = this.bodyQueue[this.bodyQueueHead] as string
      this.bodyQueueHead++
      const slot = this.slots.get(id)
      if (slot && slot.bodyChars > 0) {
        for (const body of [slot.entry.requestBody, slot.entry.responseBody]) {
          if (body && body.text.length > 0) {
            body.text = ''
            body.evicted = true
          }
        }
        this.bodyChars -= slot.bodyChars
        slot.bodyChars = 0
      }
    }
    // Drop ids at the front whose bodies are already gone (dropped by capacity, or a second id of the same entry).
    while (this.bodyQueueHead < this.bodyQueue.length) {
      const slot = this.slots.get(this.bodyQueue[this.bodyQueueHead] as string)
      if (slot && slot.bodyChars > 0) break
      this.bodyQueueHead++
    }
    if (this.bodyQueueHead > 4096 && this.bodyQueueHead * 2 > this.bodyQueue.length) {
      this.bodyQueue = this.bodyQueue.slice(this.bodyQueueHead)
      this.bodyQueueHead = 0
    }
  }
}

/** The list view of an entry (what `log:entry` streams). */
export function summarize(e: LogEntry): LogEntrySummary {
  return {
    id: e.id,
    seq: e.seq,
    startedAt: e.startedAt,
    method: e.method,
    url: e.url,
    host: e.host,
    path: e.path,
    purpose: e.purpose,
    source: e.source,
    auth: e.auth,
    state: e.state,
    status: e.status,
    statusText: e.statusText,
    durationMs: e.durationMs,
    timings: e.timings,
    responseBytes: e.responseBytes,
    truncated: e.truncated,
    error: e.error,
    imported: e.imported,
    attempt: e.attempt,
    envId: e.envId,
    requestId: e.requestId,
  }
}

/** An entry as `begin` records it: the request half, nothing of the response yet. */
function pendingEntry(
  c: BeginCapture,
  id: string,
  seq: number,
  startedAt: string,
  host: string,
  path: string,
  requestBody: LoggedBody | null,
): LogEntry {
  const e: LogEntry = {
    id,
    seq,
    startedAt,
    method: c.method,
    url: c.url,
    host,
    path,
    purpose: c.purpose,
    source: c.source ?? (c.purpose === 'sandbox-admin' ? 'operator' : 'console'),
    auth: c.auth,
    state: 'pending',
    status: null,
    statusText: '',
    durationMs: null,
    responseBytes: null,
    truncated: false,
    error: null,
    imported: false,
    attempt: c.attempt ?? 1,
    envId: c.envId ?? null,
    requestId: c.requestId ?? null,
    httpVersion: 'HTTP/1.1',
    requestHeaders: c.requestHeaders,
    requestBody,
    responseHeaders: [],
    responseBody: null,
    timings: null,
    notes: c.notes ?? [],
  }
  if (c.client) e.client = c.client
  return e
}

/** The response half of `complete`, written into an entry in place (the caller's and the log's copy alike). */
function fillResponse(e: LogEntry, c: CompleteCapture, notes: string[]): void {
  e.state = c.error ? 'failed' : 'done'
  e.status = c.status || null
  e.statusText = c.statusText
  e.httpVersion = c.httpVersion ?? e.httpVersion
  e.responseHeaders = c.responseHeaders
  e.timings = c.timings
  e.durationMs = round(c.durationMs)
  e.error = c.error ?? null
  e.responseBytes = c.responseBody ? c.responseBody.size : c.status ? 0 : null
  e.notes = notes
  if (c.connection) e.connection = c.connection
}

/** A captured body as the entry holds it before the log's caps. */
function wholeBody(body: CapturedBody | null): LoggedBody | null {
  return body && { text: body.text, size: body.size, mimeType: body.mimeType, truncated: Boolean(body.truncated), evicted: false }
}

function splitUrl(url: string): { host: string; path: string } {
  const m = /^[a-z][a-z0-9+.-]*:\/\/([^/?#]*)([^#]*)/i.exec(url)
  if (!m) return { host: '', path: url }
  return { host: m[1] ?? '', path: m[2] || '/' }
}

function round(ms: number): number {
  return Math.round(ms * 1000) / 1000
}
