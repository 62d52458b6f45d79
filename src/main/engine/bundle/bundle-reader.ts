import { open } from 'node:fs/promises'
import { z } from 'zod'
import { BUNDLE_FORMAT, type BundleTimelineEntry, type FileText, type ReproBundle } from '../../../shared/contract'
import { ConsoleError } from '../core/console-error'
import { nextTurn, utf8Pieces } from '../core/utf8-pieces'
import { NotJsonError, type ScannedDocument, scanDocument } from './entry-scanner'

const bundleSchema = z.looseObject({
  format: z.literal(BUNDLE_FORMAT),
  version: z.literal(1),
  createdAt: z.string(),
  consoleVersion: z.string(),
  note: z.string(),
  environment: z.looseObject({ name: z.string(), baseUrl: z.string(), authUrl: z.string(), clientId: z.string() }).nullable(),
  clockSkew: z.unknown(),
  quotas: z.array(z.unknown()),
  tokens: z.looseObject({ access: z.unknown(), refresh: z.unknown() }),
  lifecycle: z.array(z.unknown()),
  har: z.looseObject({ log: z.looseObject({ entries: z.array(z.unknown()) }) }),
})

const HINT = 'Choose a file written by "Repro bundle" in the network log or by `walkthrough --bundle`.'
const BUNDLE_ENTRIES = ['har', 'log', 'entries']
const HAR_ENTRIES = ['log', 'entries']
/** Bytes read from a file (or handed to the scanner from a text) at a time. */
const CHUNK_BYTES = 64 * 1024

/** A bundle read without its entries: each entry is read and parsed when it is taken, and then let go. */
export interface ReadBundle {
  /** The bundle with `har.log.entries` emptied (the entries are in `take`). */
  bundle: ReproBundle
  /** How many entries the bundle has. */
  count: number
  /** The HAR document with a placeholder for each entry (for the HAR document's own checks). */
  harShape(): unknown
  /** Entry `index` read again from its bytes and parsed; nothing of it is kept. */
  take(index: number): Promise<unknown>
  /** Lets the file go (a text source has nothing to let go). */
  close(): Promise<void>
}

/** Where a bundle's bytes come from: its text or bytes (the bridge hands them over), or a file read as a stream. */
export type BundleSource = FileText | { file: string }

/**
 * Reads a repro bundle (or, with `plainHar`, a file that may also be a plain HAR, wrapped as a bundle with nothing
 * but its entries and noted "from a HAR file") as a stream of bytes: a file is never held whole, in one string or as
 * objects. One scan checks the whole document is JSON (a broken file is refused before anything is replayed), parses
 * and validates everything but the entries, and keeps only where each entry lies; each entry is read again from its
 * bytes and parsed when taken. Memory does not grow with the number or size of the entries. Refuses what is not a
 * bundle with a ConsoleError('invalid_request') naming the problem (and, for broken JSON, the byte and the text
 * around it).
 */
export async function readBundle(source: BundleSource, plainHar?: { consoleVersion: string; now: Date }): Promise<ReadBundle> {
  const bytes = isFileText(source) ? await textBytes(source) : await fileBytes(source.file)
  try {
    const paths = plainHar ? [BUNDLE_ENTRIES, HAR_ENTRIES] : [BUNDLE_ENTRIES]
    let scanned: ScannedDocument
    try {
      scanned = await scanDocument(bytes.chunks(), paths)
    } catch (error) {
      if (error instanceof NotJsonError) throw notJson(error, plainHar !== undefined)
      throw error
    }
    const isBundle = !plainHar || (scanned.document as { format?: unknown } | null)?.format === BUNDLE_FORMAT
    const bundle = validate(plainHar && !isBundle ? wrapHar(scanned.document, plainHar) : scanned.document)
    // A valid document has its entries array at its own path, found and emptied by the scan.
    const count = scanned.path === (isBundle ? 0 : 1) ? scanned.count : 0
    const { bounds } = scanned
    return {
      bundle,
      count,
      harShape: () => ({ ...bundle.har, log: { ...bundle.har.log, entries: new Array(count).fill(null) } }),
      async take(index) {
        return JSON.parse(await bytes.text(bounds[2 * index] as number, bounds[2 * index + 1] as number))
      },
      close: bytes.close,
    }
  } catch (error) {
    await bytes.close()
    throw error
  }
}

interface Bytes {
  chunks(): AsyncIterable<Uint8Array>
  text(from: number, to: number): Promise<string>
  close(): Promise<void>
}

function isFileText(source: BundleSource): source is FileText {
  return typeof source === 'string' || source instanceof Uint8Array || Array.isArray(source)
}

/**
 * A text's or bytes' UTF-8 (utf8Pieces): bytes as they came (never copied or joined whole), a text encoded a piece per
 * turn of the event loop, never in one long task.
 */
async function textBytes(source: FileText): Promise<Bytes> {
  const pieces: Uint8Array[] = []
  for (const piece of utf8Pieces(source)) {
    if (pieces.length > 0 && typeof source === 'string') await nextTurn()
    pieces.push(piece)
  }
  const starts: number[] = []
  let total = 0
  for (const piece of pieces) {
    starts.push(total)
    total += piece.byteLength
  }
  return {
    async *chunks() {
      let first = true
      for (const bytes of pieces) {
        for (let at = 0; at < bytes.length; at += CHUNK_BYTES) {
          // A turn of the event loop between chunks: a large text never holds the host for long.
          if (!first) await nextTurn()
          first = false
          yield bytes.subarray(at, at + CHUNK_BYTES)
        }
      }
    },
    async text(from, to) {
      const parts: Uint8Array[] = []
      pieces.forEach((piece, k) => {
        const start = starts[k] as number
        const lo = Math.max(from, start)
        const hi = Math.min(to, start + piece.byteLength)
        if (lo < hi) parts.push(piece.subarray(lo - start, hi - start))
      })
      return Buffer.concat(parts).toString('utf8')
    },
    close: async () => {},
  }
}

async function fileBytes(file: string): Promise<Bytes> {
  const handle = await open(file, 'r')
  let closed = false
  return {
    async *chunks() {
      // One buffer for the whole scan: the scanner keeps nothing of a chunk once it asks for the next.
      const chunk = Buffer.allocUnsafe(CHUNK_BYTES)
      for (let at = 0; ; ) {
        const { bytesRead, buffer } = await handle.read(chunk, 0, CHUNK_BYTES, at)
        if (bytesRead === 0) return
        at += bytesRead
        yield buffer.subarray(0, bytesRead)
      }
    },
    async text(from, to) {
      const buffer = Buffer.allocUnsafe(to - from)
      const { bytesRead } = await handle.read(buffer, 0, to - from, from)
      if (bytesRead !== to - from) throw new ConsoleError('invalid_request', `${file} changed while it was replayed: read it again.`)
      return buffer.toString('utf8')
    },
    async close() {
      if (closed) return
      closed = true
      await handle.close()
    },
  }
}

/** What the read-only timeline shows of one entry, from its parsed (not yet validated) HAR object. */
export function timelineEntry(raw: unknown, index: number): BundleTimelineEntry {
  const e = (typeof raw === 'object' && raw !== null ? raw : {}) as {
    startedDateTime?: string
    time?: number
    request?: { method?: string; url?: string }
    response?: { status?: number; statusText?: string }
    _purpose?: unknown
  }
  return {
    index,
    startedAt: e.startedDateTime as string,
    method: e.request?.method ?? '?',
    url: e.request?.url ?? '',
    status: e.response?.status ?? 0,
    statusText: e.response?.statusText ?? '',
    ms: Math.round(e.time ?? 0),
    purpose: typeof e._purpose === 'string' ? e._purpose : 'api',
  }
}

function notJson(error: NotJsonError, plainHar: boolean): ConsoleError {
  const message = error.message
  if (plainHar) return new ConsoleError('invalid_request', `The file is neither a repro bundle nor a HAR: ${message}.`)
  return new ConsoleError('invalid_request', `This file is not a repro bundle: it is not JSON (${message}).`, { hint: HINT })
}

function validate(json: unknown): ReproBundle {
  const parsed = bundleSchema.safeParse(json)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    throw new ConsoleError(
      'invalid_request',
      `This file is not a repro bundle this console can read: ${issue?.path.join('.') || 'the document'} ${issue?.message ?? 'is invalid'}.`,
      { hint: HINT },
    )
  }
  return parsed.data as unknown as ReproBundle
}

/** A plain HAR (a merchant's export) as a bundle with nothing but its entries, so both replay the same way. */
function wrapHar(har: unknown, from: { consoleVersion: string; now: Date }): unknown {
  return {
    format: BUNDLE_FORMAT,
    version: 1,
    createdAt: from.now.toISOString(),
    consoleVersion: from.consoleVersion,
    note: 'from a HAR file',
    environment: null,
    clockSkew: null,
    quotas: [],
    tokens: { access: null, refresh: null },
    lifecycle: [],
    har,
  }
}
