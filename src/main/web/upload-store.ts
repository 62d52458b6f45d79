import { randomBytes } from 'node:crypto'

/** An upload not claimed by an invoke within this time is dropped (the page sends the invoke right after it). */
const UNCLAIMED_MS = 60_000
/** Uploads held at once, waiting for their invoke: a page opens one file at a time; a few more is already odd. */
const MAX_HELD = 8

/**
 * An uploaded file's bytes as the host received them: Node's chunks in order, never decoded nor joined here (joining
 * or decoding tens of megabytes is one long task of the event loop).
 */
export interface UploadedFile {
  chunks: Buffer[]
  bytes: number
}

export interface UploadStore {
  /** Keeps an uploaded file; returns its id, or null when too many uploads are already waiting. */
  put(file: UploadedFile): string | null
  /** An upload's file, handed over once: a second take (or one after a minute) finds nothing. */
  take(id: string): UploadedFile | undefined
  /** Drops every upload and its timer (the host is closing). */
  clear(): void
}

/**
 * Files uploaded to the web host, each held until the one invoke that names it takes it, and no longer than a
 * minute: an upload never outlives its use, and an abandoned one (the page closed, the call cancelled after the
 * upload) is dropped by itself. Ids are random, so one upload can only be claimed by the page that made it.
 */
export function createUploadStore(): UploadStore {
  const held = new Map<string, { file: UploadedFile; timer: NodeJS.Timeout }>()
  return {
    put(file) {
      if (held.size >= MAX_HELD) return null
      const id = randomBytes(18).toString('base64url')
      const timer = setTimeout(() => held.delete(id), UNCLAIMED_MS)
      timer.unref()
      held.set(id, { file, timer })
      return id
    },
    take(id) {
      const upload = held.get(id)
      if (!upload) return undefined
      held.delete(id)
      clearTimeout(upload.timer)
      return upload.file
    },
    clear() {
      for (const upload of held.values()) clearTimeout(upload.timer)
      held.clear()
    },
  }
}
