import type { BridgeError } from '../../../shared/contract/errors'
import { WEB_UPLOAD_FROM_CHARS, WEB_UPLOAD_PATH } from '../../../shared/contract/web-protocol'

/** A payload string that travels as an upload: where it sits in the payload, and the upload's id once sent. */
export interface UploadRef {
  path: Array<string | number>
  id: string
}

/** Bytes sent of all the uploads of one call (null when none is under way). */
export type UploadProgress = { sent: number; total: number } | null

/**
 * The payload with every string longer than WEB_UPLOAD_FROM_CHARS left out (an empty string in its place), and
 * where each was: those strings go to the web host as uploads of their own, never inside a socket message.
 */
export function splitLargeStrings(payload: unknown): { payload: unknown; large: Array<{ path: Array<string | number>; text: string }> } {
  const large: Array<{ path: Array<string | number>; text: string }> = []
  const walk = (value: unknown, path: Array<string | number>): unknown => {
    if (typeof value === 'string') {
      if (value.length <= WEB_UPLOAD_FROM_CHARS || path.length === 0) return value
      large.push({ path, text: value })
      return ''
    }
    if (typeof value !== 'object' || value === null || path.length >= 8) return value
    if (Array.isArray(value)) return value.map((v, i) => walk(v, [...path, i]))
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, walk(v, [...path, k])]))
  }
  const out = walk(payload, [])
  return { payload: large.length ? out : payload, large }
}

/**
 * Sends each large string as its own streamed POST to the web host (the session cookie and this page's Origin
 * authenticate it, as they do the socket) and resolves to their upload ids, reporting bytes sent as they go. Rejects
 * with a BridgeError: `cancelled` when `onCancel` fires first, the host's own sentence when it refuses (too large,
 * no session), `network` when the connection fails.
 */
export async function uploadStrings(
  large: Array<{ path: Array<string | number>; text: string }>,
  onProgress: (p: UploadProgress) => void,
  onCancel?: (cancel: () => void) => void,
): Promise<UploadRef[]> {
  const blobs = large.map(l => new Blob([l.text], { type: 'text/plain;charset=utf-8' }))
  const total = blobs.reduce((n, b) => n + b.size, 0)
  let done = 0
  let current: XMLHttpRequest | null = null
  let cancelled = false
  onCancel?.(() => {
    cancelled = true
    current?.abort()
  })
  const refs: UploadRef[] = []
  try {
    for (const [i, blob] of blobs.entries()) {
      if (cancelled) throw cancelledError()
      const id = await new Promise<string>((resolve, reject) => {
        const xhr = new XMLHttpRequest()
        current = xhr
        xhr.open('POST', WEB_UPLOAD_PATH)
        xhr.upload.onprogress = e => onProgress({ sent: done + e.loaded, total })
        xhr.onload = () => {
          if (xhr.status === 200) resolve((JSON.parse(xhr.responseText) as { id: string }).id)
          else reject({ code: 'invalid_request', message: xhr.responseText.trim() || `The console refused the file (HTTP ${xhr.status}).` })
        }
        xhr.onabort = () => reject(cancelledError())
        xhr.onerror = () =>
          reject({
            code: 'network',
            message: 'The file could not be sent to the console host: the connection failed.',
            hint: 'Check that `partner-console web` is still running, then open the file again.',
          } satisfies BridgeError)
        xhr.send(blob)
      })
      done += blob.size
      refs.push({ path: large[i]?.path ?? [], id })
    }
    return refs
  } finally {
    onProgress(null)
  }
}

function cancelledError(): BridgeError {
  return { code: 'cancelled', message: 'Stopped while sending the file: nothing of it was opened.' }
}
