import type { BridgeError } from '../../../shared/contract/errors'
import { WEB_UPLOAD_PATH } from '../../../shared/contract/web-protocol'
import type { UploadProgress, UploadRef } from './upload-strings'

// Loaded only when a call carries a file (web-client.ts imports it on demand): not on the first screen's path.

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
