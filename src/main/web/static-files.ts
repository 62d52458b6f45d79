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
 * The built renderer's files for URL paths, refusing anything that would resolve outside the folder. The hashed files
 * under assets/ never change for a given name, so each is read from disk once and then answered from memory (the
 * first screen's script and style sheet are the bytes every cold start waits for); index.html and the rest are read
 * each time, so a rebuild is picked up on the next reload.
 */
export function createStaticFiles(root: string): { read(urlPath: string): Promise<StaticFile | null> } {
  const kept = new Map<string, Promise<StaticFile | null>>()
  return {
    read(urlPath) {
      const full = resolveInside(root, urlPath)
      if (!full) return Promise.resolve(null)
      const known = kept.get(full)
      if (known) return known
      const reading = readFileAt(root, full)
      if (!isAsset(root, full)) return reading
      // Only files that exist are kept: asking for made-up names must not grow memory.
      kept.set(full, reading)
      void reading.then(file => {
        if (!file) kept.delete(full)
      })
      return reading
    },
  }
}

function isAsset(root: string, full: string): boolean {
  return relative(root, full).startsWith('assets')
}

async function readFileAt(root: string, full: string): Promise<StaticFile | null> {
  try {
    const info = await stat(full)
    if (!info.isFile()) return null
    return {
      body: await readFile(full),
      contentType: CONTENT_TYPES[extname(full)] ?? 'application/octet-stream',
      immutable: isAsset(root, full),
    }
  } catch {
    return null
  }
}
