import { join, normalize, sep } from 'node:path'

/**
 * Maps a URL path onto a file inside `root`, or null when it would leave the folder (`..`, encoded slashes, NUL).
 * Both the web host and the desktop app's `app://` protocol serve the built renderer through it.
 */
export function resolveInside(root: string, urlPath: string): string | null {
  let decoded: string
  try {
    decoded = decodeURIComponent(urlPath)
  } catch {
    return null
  }
  if (decoded.includes('\0')) return null
  const relative = normalize(decoded === '/' || decoded === '' ? '/index.html' : decoded).replace(/^([/\\])+/, '')
  const full = join(root, relative)
  const prefix = root.endsWith(sep) ? root : root + sep
  return full.startsWith(prefix) ? full : null
}
