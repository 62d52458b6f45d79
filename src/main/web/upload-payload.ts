import type { BridgeError, WebClientMessage } from '../../shared/contract'
import type { UploadStore } from './upload-store'

type Uploads = NonNullable<Extract<WebClientMessage, { t: 'invoke' }>['uploads']>

/** Keys that would reach an object's prototype rather than a field of the payload. */
const FORBIDDEN = new Set(['__proto__', 'constructor', 'prototype'])

/**
 * Puts each upload's text at its path in an invoke's payload (the page sent the strings as uploads, see
 * WEB_UPLOAD_PATH), taking each upload from the store (an upload serves one call). Returns the error to answer
 * instead when an upload is unknown or gone (a minute passed, or it was used) or a path does not lead into the
 * payload; the payload is then left as it was and nothing is dispatched.
 */
export function withUploads(payload: unknown, uploads: Uploads, store: UploadStore): { payload: unknown } | { error: BridgeError } {
  for (const { path } of uploads) {
    if (!parentOf(payload, path) || path.some(key => typeof key === 'string' && FORBIDDEN.has(key))) {
      return {
        error: { code: 'invalid_request', message: `The call names an upload for ${path.join('.')}, which is not a field of its payload.` },
      }
    }
  }
  const texts: string[] = []
  for (const { id } of uploads) {
    const text = store.take(id)
    if (text === undefined) {
      return {
        error: {
          code: 'invalid_request',
          message: 'The file this call needs is no longer held by the console (an upload is kept for a minute and used once).',
          hint: 'Open the file again.',
        },
      }
    }
    texts.push(text)
  }
  uploads.forEach(({ path }, i) => {
    const parent = parentOf(payload, path) as Record<string | number, unknown>
    parent[path[path.length - 1] as string | number] = texts[i]
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
