import { randomBytes } from 'node:crypto'
import { open, rename, rm } from 'node:fs/promises'
import { basename, dirname, join } from 'node:path'

/** Suffix of the temporary files `writeFileAtomic` creates next to the target (cleaned up on the next start). */
const TEMP_SUFFIX = '.tmp-write'

/**
 * Replaces a file so that a crash at any instant leaves either the old content or the new one, never a mix: the data
 * goes to a temporary file in the same folder, is flushed to disk (fsync), renamed over the target (atomic on POSIX
 * and NTFS), and the folder itself is flushed so the rename survives a power cut.
 */
export async function writeFileAtomic(path: string, data: string | Buffer, mode = 0o600): Promise<void> {
  const dir = dirname(path)
  const tmp = join(dir, `.${basename(path)}.${process.pid}.${randomBytes(4).toString('hex')}${TEMP_SUFFIX}`)
  const handle = await open(tmp, 'wx', mode)
  try {
    await handle.writeFile(data)
    await handle.sync()
  } catch (error) {
    await handle.close().catch(() => {})
    await rm(tmp, { force: true })
    throw error
  }
  await handle.close()
  try {
    await rename(tmp, path)
  } catch (error) {
    await rm(tmp, { force: true })
    throw error
  }
  await syncDirectory(dir)
}

/** Flushes a folder's entries (the rename) to disk; some platforms cannot open folders, which is harmless. */
async function syncDirectory(dir: string): Promise<void> {
  let handle: Awaited<ReturnType<typeof open>> | undefined
  try {
    handle = await open(dir, 'r')
    await handle.sync()
  } catch {
    // Windows and some file systems refuse fsync on a directory; the rename is still atomic there.
  } finally {
    await handle?.close().catch(() => {})
  }
}

/** True for the leftovers of a write that was killed before its rename (safe to delete: never the live file). */
export function isAtomicWriteLeftover(fileName: string, target: string): boolean {
  return fileName.startsWith(`.${target}.`) && fileName.endsWith(TEMP_SUFFIX)
}
