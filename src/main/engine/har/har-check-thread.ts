import { existsSync } from 'node:fs'
import { Worker } from 'node:worker_threads'
import type { BridgeErrorCode, FileText } from '../../../shared/contract'
import { ConsoleError } from '../core/console-error'
import { nextTurn, utf8Pieces } from '../core/utf8-pieces'
import type { CheckedEntry, SkippedEntry } from './har-check'

/** What checkHarOffThread hands its worker when it starts; the file's UTF-8 follows as HarCheckFeed messages. */
export interface HarCheckRequest {
  keep: number
  batch: number
  skippedSlice: number
}

/**
 * The file's UTF-8 a piece per message (moved, not copied), then its end; then 'skipped' for each further slice of the
 * skipped entries, then 'more' for each batch of entries.
 */
export type HarCheckFeed = { t: 'piece'; bytes: ArrayBuffer } | { t: 'end' } | 'skipped' | 'more'

/**
 * What the worker answers: `ready` once its program is loaded, then `checked` (or why not) with the first slice of the
 * skipped entries and their count, then one `skipped` slice and one `entries` batch per request, empty at the end.
 */
export type HarCheckReply =
  | { t: 'ready' }
  | { t: 'checked'; valid: number; skipped: SkippedEntry[]; skippedCount: number }
  | { t: 'skipped'; skipped: SkippedEntry[] }
  | { t: 'refused'; code: BridgeErrorCode; message: string; hint?: string; details?: unknown }
  | { t: 'failed'; message: string }
  | { t: 'entries'; entries: CheckedEntry[] }

/** Kept entries per message: each batch is its own small task for the host to receive and add. */
const BATCH = 100
/**
 * Skipped entries (index and problem) per message: a file of tens of thousands of bad entries comes back as small
 * tasks too, never as one message the host's event loop decodes in one go (50,000 took it 50–75 ms).
 */
export const SKIPPED_SLICE = 1000

/** A HAR checked in a worker: the counts, and the kept entries coming back a batch at a time. */
interface CheckedOffThread {
  valid: number
  skipped: SkippedEntry[]
  /** The kept entries, oldest first, in batches of 100; the worker ends when they are all taken (or the loop stops). */
  batches(): AsyncIterable<CheckedEntry[]>
}

/**
 * Checks a HAR's text in a worker thread (checkHarText there): splitting, parsing and checking tens of thousands of
 * entries never runs on the caller's event loop, and the garbage it makes is never in the caller's heap. The file
 * goes over as UTF-8 pieces, one per turn of the event loop (utf8Pieces): bytes as they came, moved to the worker when
 * a piece owns its memory and copied (that piece alone) when it does not; a string encoded a piece at a time. Nothing
 * is ever copied, encoded or joined whole in one task (bytes moved are
 * the caller's no more: it hands them over); the worker decodes as the pieces come and refuses bytes that
 * are not UTF-8, naming the byte. The skipped entries come back a slice per message (SKIPPED_SLICE) before the counts
 * are answered, and only the entries to keep come back, a batch per message, the next asked for when one arrives, so
 * the caller receives them as small tasks whatever the file holds and never holds more than two batches it has not used. Refusals
 * come back as the same ConsoleError the check throws in place. An aborted `signal` before the check ends stops the
 * worker and rejects with ConsoleError('cancelled', `cancelled`); once the counts are back, the batches always come to
 * the end. Resolves null, having sent nothing, when the worker's program cannot start (missing from a package, or
 * failing to load): the caller still has the whole file and checks it in place.
 */
export async function checkHarOffThread(
  source: FileText,
  keep: number,
  options: { signal?: AbortSignal; cancelled: string; workerUrl?: URL },
): Promise<CheckedOffThread | null> {
  const { signal, cancelled } = options
  if (signal?.aborted) throw new ConsoleError('cancelled', cancelled)
  const { url, execArgv } = options.workerUrl ? { url: options.workerUrl, execArgv: undefined } : workerFile()
  const request: HarCheckRequest = { keep, batch: BATCH, skippedSlice: SKIPPED_SLICE }
  const worker = new Worker(url, { workerData: request, execArgv })
  const replies: HarCheckReply[] = []
  let waiting: ((reply: HarCheckReply) => void) | null = null
  const deliver = (reply: HarCheckReply) => {
    if (waiting) {
      const w = waiting
      waiting = null
      w(reply)
    } else replies.push(reply)
  }
  const next = () =>
    new Promise<HarCheckReply>(resolve => {
      const queued = replies.shift()
      if (queued) resolve(queued)
      else waiting = resolve
    })
  worker.on('message', deliver)
  worker.once('error', error => deliver({ t: 'failed', message: error.message }))
  worker.once('exit', code => {
    gone = true
    deliver({ t: 'failed', message: `it stopped (exit code ${code})` })
  })
  let gone = false
  const stop = () => {
    gone = true
    void worker.terminate()
  }
  const onAbort = () => {
    stop()
    deliver({ t: 'refused', code: 'cancelled', message: cancelled })
  }
  signal?.addEventListener('abort', onAbort, { once: true })
  // The file goes over only once the worker runs: until then the caller keeps every byte, to check in place instead.
  const started = await next()
  if (started.t !== 'ready') {
    signal?.removeEventListener('abort', onAbort)
    stop()
    if (started.t === 'refused') throw replyError(started)
    return null
  }
  void feed(worker, source, () => gone || signal?.aborted === true)
  return next().then(
    async first => {
      if (first.t !== 'checked') {
        signal?.removeEventListener('abort', onAbort)
        stop()
        throw replyError(first)
      }
      // The rest of the skipped entries, a slice per message (each its own task), before the counts are answered.
      const skipped = first.skipped
      while (skipped.length < first.skippedCount) {
        worker.postMessage('skipped' satisfies HarCheckFeed)
        const reply = await next()
        if (reply.t !== 'skipped' || reply.skipped.length === 0) {
          signal?.removeEventListener('abort', onAbort)
          stop()
          throw replyError(reply)
        }
        for (const s of reply.skipped) skipped.push(s)
      }
      signal?.removeEventListener('abort', onAbort)
      return {
        valid: first.valid,
        skipped,
        async *batches() {
          try {
            worker.postMessage('more')
            for (;;) {
              const reply = await next()
              if (reply.t !== 'entries') throw replyError(reply)
              if (reply.entries.length === 0) return
              // The next batch is made while this one is used.
              worker.postMessage('more')
              yield reply.entries
            }
          } finally {
            stop()
          }
        },
      }
    },
    error => {
      stop()
      throw error
    },
  )
}

/** Sends the file's UTF-8 to the worker a piece per turn, then its end; stops early when `stopped` says so. */
async function feed(worker: Worker, source: FileText, stopped: () => boolean): Promise<void> {
  for (const piece of utf8Pieces(source)) {
    if (stopped()) return
    // A copy through Uint8Array's own constructor: a Buffer's slice() is a view of the same memory, not a copy.
    const own = ownsBuffer(piece) ? piece.buffer : new Uint8Array(piece).buffer
    worker.postMessage({ t: 'piece', bytes: own } satisfies HarCheckFeed, [own])
    await nextTurn()
  }
  if (!stopped()) worker.postMessage({ t: 'end' } satisfies HarCheckFeed)
}

/** Whether a piece is the whole of a plain ArrayBuffer (then it can be moved to the worker as it is). */
function ownsBuffer(piece: Uint8Array): piece is Uint8Array<ArrayBuffer> {
  return piece.buffer instanceof ArrayBuffer && piece.byteOffset === 0 && piece.byteLength === piece.buffer.byteLength
}

function replyError(reply: HarCheckReply): ConsoleError {
  if (reply.t === 'refused') return new ConsoleError(reply.code, reply.message, { hint: reply.hint, details: reply.details })
  const why = reply.t === 'failed' ? reply.message : `it answered ${reply.t} out of turn`
  return new ConsoleError('internal', `The HAR could not be read: the thread that checks its entries failed (${why}).`, {
    hint: 'Open the file again; if it fails again, report it with the file’s size and entry count.',
  })
}

/**
 * The worker's program: the built file beside the bundle (out/node, out/main, or one folder up from their chunks), or,
 * from the source tree (tests, tsx), its TypeScript through tsx, as the caller itself runs.
 */
function workerFile(): { url: URL; execArgv?: string[] } {
  for (const name of ['./har-check-worker.js', '../har-check-worker.js']) {
    const url = new URL(name, import.meta.url)
    if (existsSync(url)) return { url }
  }
  return { url: new URL('./har-check-worker.ts', import.meta.url), execArgv: ['--import', 'tsx'] }
}
