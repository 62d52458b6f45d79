import { access, readdir, rename, rm } from 'node:fs/promises'
import { basename, dirname, join } from 'node:path'
import { isAtomicWriteLeftover } from './atomic-write'

/**
 * Moves an unreadable file aside as `<file>.corrupt-<time>` instead of deleting or overwriting it, so nothing is ever
 * silently lost: the user (or support) can still inspect or restore it. Returns the new path.
 */
export async function quarantineFile(path: string, now: Date = new Date()): Promise<string> {
  const stamp = now.toISOString().replace(/[:.]/g, '-')
  for (let i = 0; i < 100; i++) {
    const target = i === 0 ? `${path}.corrupt-${stamp}` : `${path}.corrupt-${stamp}-${i}`
    if (await exists(target)) continue
    await rename(path, target)
    return target
  }
  throw new Error(`Could not move ${path} aside: too many files named ${path}.corrupt-${stamp}-*.`)
}

async function exists(path: string): Promise<boolean> {
  try {
    await access(path)
    return true
  } catch {
    return false
  }
}

/** Deletes temporary files left by writes that were killed before their rename (they never held the live data). */
export async function removeWriteLeftovers(path: string): Promise<void> {
  const dir = dirname(path)
  const name = basename(path)
  let entries: string[]
  try {
    entries = await readdir(dir)
  } catch {
    return
  }
  await Promise.all(entries.filter(e => isAtomicWriteLeftover(e, name)).map(e => rm(join(dir, e), { force: true })))
}
