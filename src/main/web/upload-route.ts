import type { IncomingMessage } from 'node:http'
import { WEB_UPLOAD_MAX_BYTES } from '../../shared/contract/web-protocol'
import type { UploadStore } from './upload-store'

/** What the upload endpoint answers: the upload's id, or a status with a sentence saying what went wrong. */
type UploadAnswer = { ok: true; id: string; bytes: number } | { ok: false; status: number; message: string }

const MB = 2 ** 20
/**
 * Bytes taken from the socket per turn of the event loop: past them the body is paused until the next turn, so a fast
 * client on loopback never has the host read and parse megabytes in one task.
 */
const BYTES_PER_TURN = 256 * 1024

/**
 * Receives one upload (POST WEB_UPLOAD_PATH, the session already checked by the caller): the body's chunks are kept
 * as Node hands them (no copy, no decode, no join: each arriving chunk costs the event loop nothing but its own read),
 * at most BYTES_PER_TURN of them read per turn of the event loop, and kept in `uploads` under a new id, as bytes; whoever takes them decodes them (see withUploads). A body over
 * `maxBytes` (announced or actual) is refused with 413 and a sentence naming the limit; a body the client abandons
 * is dropped. Never rejects.
 */
export function receiveUpload(req: IncomingMessage, uploads: UploadStore, maxBytes = WEB_UPLOAD_MAX_BYTES): Promise<UploadAnswer> {
  const tooLarge = (size: string): UploadAnswer => ({
    ok: false,
    status: 413,
    message: `Refused: the file is ${size}, more than the ${sizeOf(maxBytes)} the console opens. Open a smaller file (save fewer entries, or split it).`,
  })
  const announced = Number(req.headers['content-length'] ?? Number.NaN)
  if (announced > maxBytes) return Promise.resolve(tooLarge(sizeOf(announced)))
  return new Promise(resolve => {
    // The chunks as Node made them: each is a view of the socket read that brought it, kept alive by nothing else.
    const chunks: Buffer[] = []
    let bytes = 0
    let turnBytes = 0
    let settled = false
    // Once the body has ended, a 'close' (it always follows) or a late socket error changes nothing: it is all here.
    let received = false
    const settle = (answer: UploadAnswer) => {
      if (settled) return
      settled = true
      if (!answer.ok) chunks.length = 0
      resolve(answer)
    }
    req.on('data', (chunk: Buffer) => {
      if (settled) return
      bytes += chunk.byteLength
      if (bytes > maxBytes) {
        settle(tooLarge(`over ${sizeOf(maxBytes)}`))
        return
      }
      chunks.push(chunk)
      turnBytes += chunk.byteLength
      if (turnBytes >= BYTES_PER_TURN && !req.isPaused()) {
        req.pause()
        setImmediate(() => {
          turnBytes = 0
          if (!settled) req.resume()
        })
      }
    })
    req.on('end', () => {
      if (settled) return
      received = true
      const id = uploads.put({ chunks, bytes })
      if (id === null) {
        settle({
          ok: false,
          status: 503,
          message: 'Refused: other files are still being opened. Wait until they are, then open this one again.',
        })
      } else settle({ ok: true, id, bytes })
    })
    const interrupted = () => {
      if (!received) settle({ ok: false, status: 400, message: 'The upload was interrupted before its end. Open the file again.' })
    }
    req.on('error', interrupted)
    req.on('close', interrupted)
  })
}

function sizeOf(bytes: number): string {
  return bytes >= MB ? `${(bytes / MB).toFixed(bytes % MB ? 1 : 0)} MB` : `${bytes} bytes`
}
