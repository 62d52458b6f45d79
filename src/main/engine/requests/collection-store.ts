import { createHash, randomUUID } from 'node:crypto'
import { mkdir, readFile, rename } from 'node:fs/promises'
import { join } from 'node:path'
import {
  type ComposerRequest,
  collectionFileSchema,
  type HistoryItem,
  type HttpExchangeView,
  type SavedRequest,
  savedRequestFileItem,
} from '../../../shared/contract'
import { ConsoleError } from '../core/console-error'
import { writeFileAtomic } from '../vault/atomic-write'
import { scrubRequest } from './scrub-request'

/** Responses kept per saved request, newest first. */
export const HISTORY_LIMIT = 10
/** Characters of a response body kept in the history (the network log holds the rest while it lives). */
const HISTORY_BODY_CHARS = 64 * 1024
const MAX_REQUESTS = 5000

interface StoreDocument {
  format: 'partner-console-collection-store'
  version: 1
  envId: string
  requests: SavedRequest[]
  history: Record<string, HistoryItem[]>
}

/**
 * Saved requests per environment, with the last responses of each, in the data folder: one JSON file per
 * environment under `collections/`, written atomically with mode 0600. A file that cannot be read is moved aside
 * (`.unreadable-<time>`), never overwritten, so a bad file loses nothing. `scrub` walks every value the store writes
 * and replaces known secrets (a token pasted into a header stays out of the file and out of exports).
 */
export class CollectionStore {
  private readonly queues = new Map<string, Promise<unknown>>()

  constructor(
    private readonly dataDir: string,
    private readonly scrub: (text: string) => string,
  ) {}

  /** The saved requests of one environment, sorted by folder then name. */
  async list(envId: string): Promise<SavedRequest[]> {
    const doc = await this.read(envId)
    return [...doc.requests].sort((a, b) => a.folder.localeCompare(b.folder) || a.name.localeCompare(b.name))
  }

  /** Adds (no id, or an unknown one) or updates a saved request. */
  async save(envId: string, item: { id?: string; name: string; folder: string; request: ComposerRequest }): Promise<SavedRequest> {
    return this.update(envId, doc => {
      const now = new Date().toISOString()
      const request = this.scrubRequest(item.request)
      const existing = item.id ? doc.requests.find(r => r.id === item.id) : undefined
      if (existing) {
        Object.assign(existing, { name: item.name, folder: item.folder, request, updatedAt: now })
        return existing
      }
      if (doc.requests.length >= MAX_REQUESTS) {
        throw new ConsoleError('invalid_request', `This environment already has ${MAX_REQUESTS} saved requests.`, {
          hint: 'Delete some, or export them and start a fresh collection.',
        })
      }
      const saved: SavedRequest = {
        id: item.id ?? randomUUID(),
        name: item.name,
        folder: item.folder,
        request,
        createdAt: now,
        updatedAt: now,
      }
      doc.requests.push(saved)
      return saved
    })
  }

  async delete(envId: string, id: string): Promise<boolean> {
    return this.update(envId, doc => {
      const before = doc.requests.length
      doc.requests = doc.requests.filter(r => r.id !== id)
      delete doc.history[id]
      return doc.requests.length < before
    })
  }

  async history(envId: string, id: string): Promise<HistoryItem[]> {
    return (await this.read(envId)).history[id] ?? []
  }

  /** Puts a response at the head of a saved request's history (kept to HISTORY_LIMIT, bodies capped). */
  addHistory(envId: string, id: string, exchange: HttpExchangeView): Promise<void> {
    return this.update(envId, doc => {
      if (!doc.requests.some(r => r.id === id)) return
      const body =
        exchange.body.length > HISTORY_BODY_CHARS ? `${exchange.body.slice(0, HISTORY_BODY_CHARS)}\n[… cut for the history]` : exchange.body
      const item: HistoryItem = {
        at: exchange.startedAt,
        status: exchange.status,
        durationMs: exchange.timings.total,
        logId: exchange.logId,
        exchange: { ...exchange, body },
      }
      doc.history[id] = [item, ...(doc.history[id] ?? [])].slice(0, HISTORY_LIMIT)
    })
  }

  /** The collection as a JSON file to share (requests only: no history, no ids, no secrets). */
  async exportText(envId: string): Promise<{ text: string; count: number }> {
    const requests = (await this.list(envId)).map(r => ({ name: r.name, folder: r.folder, request: this.scrubRequest(r.request) }))
    const text = `${JSON.stringify({ format: 'partner-console-collection', version: 1, requests }, null, 2)}\n`
    return { text, count: requests.length }
  }

  /**
   * Adds the requests of a collection file. The file is validated as a whole (format, version) and item by item:
   * bad items are skipped with their first problem; good ones are added under fresh ids, renamed when the name is
   * taken. Nothing existing is replaced or removed, whatever the file says.
   */
  async importText(
    envId: string,
    text: string,
  ): Promise<{ added: number; renamed: number; skipped: Array<{ index: number; problem: string }> }> {
    let parsed: unknown
    try {
      parsed = JSON.parse(text)
    } catch (error) {
      throw new ConsoleError('invalid_request', `The file is not JSON: ${(error as Error).message}`, {
        hint: 'Choose a file made by “Export collection”.',
      })
    }
    const file = collectionFileSchema.safeParse(parsed)
    if (!file.success) {
      throw new ConsoleError('invalid_request', 'The file is not a Partner API Console collection (format/version missing or wrong).', {
        hint: 'Choose a file made by “Export collection” (format "partner-console-collection", version 1).',
      })
    }
    return this.update(envId, doc => {
      const skipped: Array<{ index: number; problem: string }> = []
      let added = 0
      let renamed = 0
      const names = new Set(doc.requests.map(r => `${r.folder}\u0000${r.name}`))
      file.data.requests.forEach((raw, index) => {
        const item = savedRequestFileItem.safeParse(raw)
        if (!item.success) {
          const issue = item.error.issues[0]
          skipped.push({ index, problem: `${issue?.path.join('.') || 'item'}: ${issue?.message ?? 'invalid'}` })
          return
        }
        if (doc.requests.length >= MAX_REQUESTS) {
          skipped.push({ index, problem: `the environment already has ${MAX_REQUESTS} saved requests` })
          return
        }
        let name = item.data.name
        for (let n = 1; names.has(`${item.data.folder}\u0000${name}`); n++) name = `${item.data.name} (imported${n > 1 ? ` ${n}` : ''})`
        if (name !== item.data.name) renamed += 1
        names.add(`${item.data.folder}\u0000${name}`)
        const now = new Date().toISOString()
        doc.requests.push({
          id: randomUUID(),
          name,
          folder: item.data.folder,
          request: this.scrubRequest(item.data.request),
          createdAt: now,
          updatedAt: now,
        })
        added += 1
      })
      return { added, renamed, skipped }
    })
  }

  private scrubRequest(r: ComposerRequest): ComposerRequest {
    return scrubRequest(r, this.scrub)
  }

  private fileOf(envId: string): string {
    const safe = envId.replace(/[^\w.-]/g, '_').slice(0, 40)
    return join(this.dataDir, 'collections', `${safe}-${createHash('sha256').update(envId).digest('hex').slice(0, 8)}.json`)
  }

  private async read(envId: string): Promise<StoreDocument> {
    const file = this.fileOf(envId)
    let text: string
    try {
      text = await readFile(file, 'utf8')
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return empty(envId)
      throw error
    }
    try {
      const doc = JSON.parse(text) as StoreDocument
      if (doc.format !== 'partner-console-collection-store' || !Array.isArray(doc.requests) || typeof doc.history !== 'object') {
        throw new Error('not a collection store')
      }
      return doc
    } catch {
      // Keep the unreadable file for the user (never overwrite it) and start afresh.
      await rename(file, `${file}.unreadable-${Date.now()}`).catch(() => undefined)
      return empty(envId)
    }
  }

  /** Read-modify-write, one at a time per environment, written atomically (0600). */
  private update<T>(envId: string, change: (doc: StoreDocument) => T): Promise<T> {
    const file = this.fileOf(envId)
    const previous = this.queues.get(file) ?? Promise.resolve()
    const next = previous
      .catch(() => undefined)
      .then(async () => {
        const doc = await this.read(envId)
        const result = change(doc)
        await mkdir(join(this.dataDir, 'collections'), { recursive: true, mode: 0o700 })
        await writeFileAtomic(file, `${JSON.stringify(doc)}\n`, 0o600)
        return result
      })
    this.queues.set(file, next)
    return next
  }
}

function empty(envId: string): StoreDocument {
  return { format: 'partner-console-collection-store', version: 1, envId, requests: [], history: {} }
}
