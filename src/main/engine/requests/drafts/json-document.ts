import { mkdir, readFile } from 'node:fs/promises'
import { dirname } from 'node:path'
import { writeFileAtomic } from '../../vault/atomic-write'
import { quarantineFile, removeWriteLeftovers } from '../../vault/quarantine'

/** What reading a document file found: its content, or nothing, and where an unreadable file was moved. */
interface ReadDocument<T> {
  doc: T | null
  movedAside: string | null
}

/**
 * Reads a JSON document of the data folder. A missing file is `null`; a file that is not JSON or not the expected
 * document is moved aside (`<file>.corrupt-<time>`), never overwritten, so the user's data can still be recovered.
 * Leftovers of writes killed before their rename are deleted first (they never held the live content).
 */
export async function readJsonDocument<T>(path: string, parse: (value: unknown) => T | null): Promise<ReadDocument<T>> {
  await removeWriteLeftovers(path)
  let text: string
  try {
    text = await readFile(path, 'utf8')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { doc: null, movedAside: null }
    throw error
  }
  let doc: T | null = null
  try {
    doc = parse(JSON.parse(text))
  } catch {
    doc = null
  }
  if (doc !== null) return { doc, movedAside: null }
  return { doc: null, movedAside: await quarantineFile(path) }
}

/** Writes a JSON document atomically (a crash leaves the old content or the new, never a mix), mode 0600. */
export async function writeJsonDocument(path: string, doc: unknown): Promise<void> {
  await mkdir(dirname(path), { recursive: true, mode: 0o700 })
  await writeFileAtomic(path, `${JSON.stringify(doc)}\n`, 0o600)
}
