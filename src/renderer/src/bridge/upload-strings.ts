import { WEB_UPLOAD_FROM_CHARS } from '../../../shared/contract/web-protocol'

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
