import { Worker } from 'node:worker_threads'

/** Texts up to this size are decoded on the spot (well under a millisecond); larger ones off the main thread. */
const DECODE_IN_PLACE_BYTES = 256 * 1024

/** A worker's whole program: join the pieces, decode them as UTF-8 (bad bytes become U+FFFD), send the text back. */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads')
parentPort.postMessage(Buffer.concat(workerData.map(piece => new Uint8Array(piece))).toString('utf8'))
`

/**
 * The UTF-8 text of a file received in pieces, decoded without holding the host's event loop: tens of megabytes
 * decoded and joined into one string took the main thread 100–300 ms in one task; a worker does it, and the text
 * comes back as one message (a copy of memory, a few milliseconds). The pieces are moved to the worker, not copied:
 * the caller must not use them after. The text is exactly `Buffer.concat(pieces).toString('utf8')` (invalid bytes
 * become U+FFFD, as the per-chunk decoder did). Rejects only when the worker cannot run.
 */
export function decodeUtf8OffThread(pieces: ArrayBuffer[], byteLength: number): Promise<string> {
  if (byteLength <= DECODE_IN_PLACE_BYTES) return Promise.resolve(Buffer.concat(pieces.map(p => new Uint8Array(p))).toString('utf8'))
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: pieces, transferList: pieces })
    let settled = false
    const settle = (text: string | Error) => {
      if (settled) return
      settled = true
      if (typeof text === 'string') resolve(text)
      else reject(text)
      void worker.terminate()
    }
    worker.once('message', (text: string) => settle(text))
    worker.once('error', error => settle(error instanceof Error ? error : new Error(String(error))))
    worker.once('exit', () => settle(new Error('The worker that decodes an upload stopped before it answered.')))
  })
}
