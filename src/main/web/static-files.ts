import { readFile, stat } from 'node:fs/promises'
import { extname, relative } from 'node:path'
import { resolveInside } from '../engine/core/safe-path'

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.ttf': 'font/ttf',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.map': 'application/json; charset=utf-8',
}

interface StaticFile {
  body: Buffer
  contentType: string
  immutable: boolean
}

/**
 * Reads a file of the built renderer for a URL path, refusing anything that would resolve outside the folder.
 * Returns null when there is no such file.
 */
export async function readStaticFile(root: string, urlPath: string): Promise<StaticFile | null> {
  const full = resolveInside(root, urlPath)
  if (!full) return null
  try {
    const info = await stat(full)
    if (!info.isFile()) return null
    return {
      body: await readFile(full),
      contentType: CONTENT_TYPES[extname(full)] ?? 'application/octet-stream',
      immutable: relative(root, full).startsWith('assets'),
    }
  } catch {
    return null
  }
}
