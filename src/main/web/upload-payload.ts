import { type BridgeError, type ChannelName, channels, takesFileBytes, type WebClientMessage } from '../../shared/contract'
import type { UploadedFile, UploadStore } from './upload-store'

type Uploads = NonNullable<Extract<WebClientMessage, { t: 'invoke' }>['uploads']>

/**
 * Largest upload decoded to a string here, for a field that takes no bytes: decoding is one task of the event loop
 * (a few milliseconds per megabyte), so only the fields that read a file's bytes themselves take more.
 */
const DECODE_IN_PLACE_BYTES = 16 * 1024 * 1024

/** Keys that would reach an object's prototype rather than a field of the payload. */
const FORBIDDEN = new Set(['__proto__', 'constructor', 'prototype'])

/**
 * Puts each upload at its path in an invoke's payload (the page sent the strings as uploads, see WEB_UPLOAD_PATH),
 * taking each upload from the store (an upload serves one call). A field of `channel` that takes a file's bytes
 * (fileText, takesFileBytes) gets them as received: the one chunk, or the list of chunks, never decoded nor joined
 * here; any other field gets the text decoded in place (invalid bytes become U+FFFD), up to DECODE_IN_PLACE_BYTES.
 * Returns the error to answer instead when an upload is unknown or gone (a minute passed, or it was used), too large
 * for its field, or a path does not lead into the payload; the payload is then left as it was and nothing is
 * dispatched.
 */
export function withUploads(
  channel: string,
  payload: unknown,
  uploads: Uploads,
  store: UploadStore,
): { payload: unknown } | { error: BridgeError } {
  const schema = Object.hasOwn(channels, channel) ? channels[channel as ChannelName].request : undefined
  for (const { path } of uploads) {
    if (!parentOf(payload, path) || path.some(key => typeof key === 'string' && FORBIDDEN.has(key))) {
      return {
        error: { code: 'invalid_request', message: `The call names an upload for ${path.join('.')}, which is not a field of its payload.` },
      }
    }
  }
  const files: UploadedFile[] = []
  for (const { id } of uploads) {
    const file = store.take(id)
    if (file === undefined) {
      return {
        error: {
          code: 'invalid_request',
          message: 'The file this call needs is no longer held by the console (an upload is kept for a minute and used once).',
          hint: 'Open the file again.',
        },
      }
    }
    files.push(file)
  }
  const values: unknown[] = []
  for (const [i, { path }] of uploads.entries()) {
    const file = files[i] as UploadedFile
    if (schema && takesFileBytes(schema, path)) values.push(file.chunks.length === 1 ? file.chunks[0] : file.chunks)
    else if (file.bytes <= DECODE_IN_PLACE_BYTES) values.push(Buffer.concat(file.chunks, file.bytes).toString('utf8'))
    else {
      const mb = (n: number) => `${(n / 2 ** 20).toFixed(1)} MB`
      return {
        error: {
          code: 'invalid_request',
          message: `The upload for ${path.join('.')} is ${mb(file.bytes)}, more than the ${mb(DECODE_IN_PLACE_BYTES)} ${channel} takes in that field.`,
          hint: 'Send a smaller text.',
        },
      }
    }
  }
  uploads.forEach(({ path }, i) => {
    const parent = parentOf(payload, path) as Record<string | number, unknown>
    parent[path[path.length - 1] as string | number] = values[i]
  })
  return { payload }
}

/** The object or array holding the last key of `path`, or null when the path does not lead through the payload. */
function parentOf(payload: unknown, path: Array<string | number>): object | null {
  let at: unknown = payload
  for (const key of path.slice(0, -1)) {
    if (typeof at !== 'object' || at === null || !Object.hasOwn(at, key)) return null
    at = (at as Record<string | number, unknown>)[key]
  }
  return typeof at === 'object' && at !== null ? at : null
}
