import type { IncomingMessage } from 'node:http'
import { WEB_UPLOAD_MAX_BYTES } from '../../shared/contract/web-protocol'
import type { UploadStore } from './upload-store'
import { decodeUtf8OffThread } from './utf8-off-thread'

/** What the upload endpoint answers: the upload's id, or a status with a sentence saying what went wrong. */
type UploadAnswer = { ok: true; id: string; bytes: number } | { ok: false; status: number; message: string }

const MB = 2 ** 20

/**
 * Receives one upload (POST WEB_UPLOAD_PATH, the session already checked by the caller): the body is read as it
 * streams in, each chunk copied into memory of its own, and the whole decoded as UTF-8 off the main thread
 * (`decodeUtf8OffThread`: the host's event loop never holds the whole file in one task), then kept in `uploads` under
 * a new id. A body over `maxBytes` (announced or actual) is refused with 413 and a
 * sentence naming the limit; a body the client abandons is dropped. Never rejects.
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
    // Each chunk in an ArrayBuffer of its own: Node may hand chunks that share a larger pooled buffer, and these move
    // to the decoding worker whole.
    const parts: ArrayBuffer[] = []
    let bytes = 0
    let settled = false
    // Once the body has ended, a 'close' (it always follows) or a late socket error changes nothing: it is all here.
    let received = false
    const settle = (answer: UploadAnswer) => {
      if (settled) return
      settled = true
      parts.length = 0
      resolve(answer)
    }
    req.on('data', (chunk: Buffer) => {
      if (settled) return
      bytes += chunk.byteLength
      if (bytes > maxBytes) {
        settle(tooLarge(`over ${sizeOf(maxBytes)}`))
        return
      }
      const own = new ArrayBuffer(chunk.byteLength)
      new Uint8Array(own).set(chunk)
      parts.push(own)
    })
    req.on('end', async () => {
      if (settled) return
      received = true
      let text: string
      try {
        text = await decodeUtf8OffThread(parts.splice(0), bytes)
      } catch {
        settle({ ok: false, status: 500, message: 'The console could not decode the file it received. Open the file again.' })
        return
      }
      if (settled) return
      const id = uploads.put(text)
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
