import { randomUUID } from 'node:crypto'
import { join } from 'node:path'
import type { ComposerRequest, HttpExchangeView, SentRequest } from '../../../../shared/contract'
import { scrubRequest } from '../scrub-request'
import { matchesHistory, parseHistoryQuery } from './history-match'
import { readJsonDocument, writeJsonDocument } from './json-document'

/** The file of the sent-requests history in the data folder. */
export const SENT_HISTORY_FILE = 'sent-history.json'
/** Requests kept, newest first; the oldest go first. */
const SENT_HISTORY_LIMIT = 500
/** Characters of a request body kept in the history. */
export const SENT_BODY_CHARS = 8 * 1024

/** What was sent, and what came back (a response, or why none came). */
type SentOutcome = { view: HttpExchangeView } | { error: string; url?: string }

/**
 * Every request sent from the composer (any environment), newest first, bounded to SENT_HISTORY_LIMIT, in the data
 * folder (`sent-history.json`, written atomically, 0600). Known secrets are redacted and bodies cut before anything is
 * kept. Searchable by method, status and any text (see parseHistoryQuery). Writing the history never fails a send: a
 * write error is kept and reported with the next search.
 */
export class SentHistory {
  private readonly file: string
  private items: SentRequest[] | null = null
  private queue: Promise<unknown> = Promise.resolve()
  private problem: string | null = null

  private closed = false

  constructor(
    dataDir: string,
    private readonly scrub: (text: string) => string,
    private readonly limit = SENT_HISTORY_LIMIT,
  ) {
    this.file = join(dataDir, SENT_HISTORY_FILE)
  }

  /** Records one send at the head of the history; resolves with what was kept (never rejects). */
  add(envId: string, request: ComposerRequest, outcome: SentOutcome): Promise<SentRequest> {
    const body =
      request.body !== undefined && request.body.length > SENT_BODY_CHARS
        ? `${request.body.slice(0, SENT_BODY_CHARS)}\n[… cut for the history]`
        : request.body
    const item: SentRequest = {
      id: randomUUID(),
      at: 'view' in outcome ? outcome.view.startedAt : new Date().toISOString(),
      envId,
      request: scrubRequest({ ...request, ...(body === undefined ? {} : { body }) }, this.scrub),
      url: this.scrub('view' in outcome ? outcome.view.url : (outcome.url ?? request.path)),
      status: 'view' in outcome ? outcome.view.status : 0,
      durationMs: 'view' in outcome ? outcome.view.timings.total : null,
      logId: 'view' in outcome ? outcome.view.logId : null,
      ...('error' in outcome ? { error: this.scrub(outcome.error) } : {}),
    }
    const next = this.queue.then(async () => {
      // After close the data folder may be gone (a temporary run removes it): nothing more is written there.
      if (this.closed) return item
      const items = await this.all()
      items.unshift(item)
      items.splice(this.limit)
      try {
        await writeJsonDocument(this.file, { format: 'partner-console-sent-history', version: 1, items })
        this.problem = null
      } catch (error) {
        this.problem = `The history of sent requests could not be written to ${this.file}: ${(error as Error).message}. It is kept in memory until the console closes; free some space or fix the folder's permissions.`
      }
      return item
    })
    this.queue = next.catch(() => undefined)
    return next
  }

  /** Waits for every write already asked for, then writes no more: the runtime calls it before its data folder may go. */
  async close(): Promise<void> {
    await this.queue
    this.closed = true
  }

  /** The requests matching the search, newest first, at most `limit`; `total` counts all kept, `matched` the hits. */
  async search(query: string, limit: number): Promise<{ items: SentRequest[]; total: number; matched: number; problem: string | null }> {
    await this.queue
    const items = await this.all()
    const terms = parseHistoryQuery(query)
    const hits = items.filter(item => matchesHistory(item, terms))
    return { items: hits.slice(0, limit), total: items.length, matched: hits.length, problem: this.problem }
  }

  private async all(): Promise<SentRequest[]> {
    if (this.items) return this.items
    const read = await readJsonDocument(this.file, parseDocument)
    if (read.movedAside) this.problem = `The history file could not be read and was moved to ${read.movedAside}; a new history starts.`
    this.items ??= read.doc ?? []
    return this.items
  }
}

function parseDocument(value: unknown): SentRequest[] | null {
  const v = value as { format?: unknown; version?: unknown; items?: unknown } | null
  if (v?.format !== 'partner-console-sent-history' || v.version !== 1 || !Array.isArray(v.items)) return null
  return v.items.filter(isSentRequest)
}

function isSentRequest(v: unknown): v is SentRequest {
  const i = v as Partial<SentRequest> | null
  const r = i?.request as Partial<ComposerRequest> | undefined
  return (
    typeof i?.id === 'string' &&
    typeof i.at === 'string' &&
    typeof i.url === 'string' &&
    typeof i.status === 'number' &&
    typeof r?.method === 'string' &&
    typeof r.path === 'string' &&
    Array.isArray(r.headers) &&
    Array.isArray(r.query) &&
    typeof r.params === 'object'
  )
}
