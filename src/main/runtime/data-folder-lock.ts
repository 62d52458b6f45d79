import { closeSync, mkdirSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs'
import { hostname } from 'node:os'
import { join } from 'node:path'
import { ConsoleError } from '../engine/core/console-error'

/** The lock file every console process takes in its data folder before it reads or writes anything there. */
export const LOCK_FILE = 'console.lock'

/** Who may hold a data folder: each writes environments, the vault and its key. */
type LockHolderKind = 'desktop app' | 'web host' | `CLI ${string}`

/** What the lock file says about its holder (shown to the one refused). */
interface LockHolder {
  pid: number
  kind: LockHolderKind
  startedAt: string
  host: string
}

export interface DataFolderLock {
  readonly file: string
  readonly holder: LockHolder
  /** Removes the lock file if it is still this process's; safe to call twice. */
  release(): void
}

const held = new Set<DataFolderLock>()
let exitHookInstalled = false

/** True when a process with this pid exists (EPERM: it exists but belongs to someone else). */
function processExists(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

function readHolder(file: string): LockHolder | null {
  try {
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as Partial<LockHolder>
    if (typeof parsed.pid !== 'number' || typeof parsed.kind !== 'string') return null
    return { pid: parsed.pid, kind: parsed.kind as LockHolderKind, startedAt: String(parsed.startedAt), host: String(parsed.host) }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw error
    return null
  }
}

/** A lock left by a process that no longer runs on this machine (or an unreadable, half-written lock file). */
function isStale(holder: LockHolder | null): boolean {
  if (holder === null) return true
  return holder.host === hostname() && holder.pid !== process.pid && !processExists(holder.pid)
}

function describe(holder: LockHolder): string {
  const where = holder.host === hostname() ? '' : ` on ${holder.host}`
  return `the ${holder.kind} (pid ${holder.pid}${where}, started ${holder.startedAt})`
}

/**
 * Takes the data folder for this process: one writer per folder, so two consoles never overwrite each other's
 * environments, vault or key. A second process is refused with a ConsoleError('conflict') naming the holder; a lock
 * left by a process that died (same host, pid gone) is taken over. Released by `release()` or when the process exits.
 */
export function acquireDataFolderLock(dataDir: string, kind: LockHolderKind): DataFolderLock {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 })
  const file = join(dataDir, LOCK_FILE)
  const holder: LockHolder = { pid: process.pid, kind, startedAt: new Date().toISOString(), host: hostname() }
  for (let attempt = 0; attempt < 3; attempt++) {
    let fd: number
    try {
      fd = openSync(file, 'wx', 0o600)
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
      let current: LockHolder | null
      try {
        current = readHolder(file)
      } catch {
        continue // removed between open and read: try again
      }
      if (!isStale(current)) {
        const other = current as LockHolder
        throw new ConsoleError('conflict', `The data folder ${dataDir} is in use by ${describe(other)}.`, {
          hint:
            'Two consoles on one folder would overwrite each other’s environments and secrets. Close the other one, or start this one ' +
            `with another data folder (--data-dir). If no console is running${other.host === hostname() ? '' : ` on ${other.host}`}, delete ${file}.`,
          details: { lockFile: file, holder: other },
        })
      }
      // Stale: remove it only if it is still the same stale content (another starter may have replaced it already).
      try {
        const again = readHolder(file)
        if (JSON.stringify(again) === JSON.stringify(current)) unlinkSync(file)
      } catch {
        // gone already
      }
      continue
    }
    try {
      writeSync(fd, `${JSON.stringify(holder, null, 2)}\n`)
    } finally {
      closeSync(fd)
    }
    return register(file, holder)
  }
  throw new ConsoleError('conflict', `The data folder ${dataDir} is being taken by another console at this very moment.`, {
    hint: 'Start one console at a time on a data folder.',
  })
}

function register(file: string, holder: LockHolder): DataFolderLock {
  const lock: DataFolderLock = {
    file,
    holder,
    release() {
      if (!held.delete(lock)) return
      try {
        const current = readHolder(file)
        if (current?.pid === holder.pid && current.startedAt === holder.startedAt) unlinkSync(file)
      } catch {
        // already gone
      }
    },
  }
  held.add(lock)
  if (!exitHookInstalled) {
    exitHookInstalled = true
    process.on('exit', () => {
      for (const l of [...held]) l.release()
    })
  }
  return lock
}

/** Runs `make` (e.g. creating the key-file cipher) while holding `lock`, releasing the lock if it throws. */
export function whileLocked<T>(lock: DataFolderLock, make: () => T): T {
  try {
    return make()
  } catch (error) {
    lock.release()
    throw error
  }
}
