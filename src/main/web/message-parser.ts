import { Worker } from 'node:worker_threads'

/** Messages up to this size are parsed on the spot (well under a millisecond); larger ones off the main thread. */
const PARSE_IN_PLACE_BYTES = 256 * 1024

/** A worker's whole program: decode the bytes as UTF-8, parse them as JSON, send back the value or `undefined`. */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads')
let value
try { value = { ok: JSON.parse(Buffer.from(workerData).toString('utf8')) } } catch { value = undefined }
parentPort.postMessage(value)
`

/**
 * A bridge message's text parsed as JSON without holding the host's event loop: a small message is parsed in place, a
 * large one (a HAR or a repro bundle inside it, tens of megabytes) in a worker thread of its own, so every other
 * call of every page keeps being answered meanwhile. Resolves to the parsed value, or to `undefined` when the text is
 * not JSON (the same verdict as `JSON.parse`, which both paths use). Never rejects: a worker that fails is a
 * message that could not be read.
 */
export function parseBridgeMessage(data: Buffer): Promise<unknown> | { value: unknown } {
  if (data.byteLength <= PARSE_IN_PLACE_BYTES) {
    try {
      return { value: JSON.parse(data.toString()) }
    } catch {
      return { value: undefined }
    }
  }
  return new Promise(resolve => {
    // The bytes move to the worker: the message's own memory when it has it alone (ws gives a large message a buffer
    // of its own), a copy only otherwise (a copy of tens of megabytes costs the main thread what this avoids).
    const own = data.byteOffset === 0 && data.buffer.byteLength === data.byteLength && data.buffer instanceof ArrayBuffer
    const bytes = own ? (data.buffer as ArrayBuffer) : Uint8Array.from(data).buffer
    const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: bytes, transferList: [bytes] })
    let settled = false
    const settle = (value: unknown) => {
      if (settled) return
      settled = true
      resolve(value)
      void worker.terminate()
    }
    worker.once('message', (m: { ok: unknown } | undefined) => settle(m === undefined ? undefined : m.ok))
    worker.once('error', () => settle(undefined))
    worker.once('exit', () => settle(undefined))
  })
}
