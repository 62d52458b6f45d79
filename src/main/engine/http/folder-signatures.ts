import { createHash } from 'node:crypto'
import { mkdirSync, readdirSync, statSync, unlinkSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { REMEMBER_MS, type SignatureClaims } from './used-signatures'

/** The folder, inside the data folder, where sent signatures are claimed across processes. */
export const SENT_SIGNATURES_DIR = 'sent-signatures'

const PRUNE_EVERY_MS = 5_000

/**
 * Signatures sent in the last seconds by any console process on this data folder (the app, the web host, every CLI
 * run), so a second process never sends a signature a first one sent: the server would answer 401 as a replay. A
 * claim is the exclusive creation of a file named by the signature's SHA-256 (never the signature itself): the file
 * system makes it atomic, so two processes claiming the same signature at once cannot both win, without a lock.
 * Files older than the signature's lifetime are expired: reclaimed, and pruned now and then. A file system error
 * (read-only, full) falls back to "claimed" rather than blocking every request; the server's answer then decides.
 */
export class FolderSignatures implements SignatureClaims {
  private readonly dir: string
  private lastPrune = 0

  constructor(
    dataDir: string,
    private readonly now: () => number = Date.now,
  ) {
    this.dir = join(dataDir, SENT_SIGNATURES_DIR)
    mkdirSync(this.dir, { recursive: true, mode: 0o700 })
  }

  claim(signature: string): boolean {
    const file = join(this.dir, createHash('sha256').update(signature).digest('hex').slice(0, 40))
    this.prune()
    for (let attempt = 0; attempt < 2; attempt++) {
      try {
        writeFileSync(file, '', { flag: 'wx', mode: 0o600 })
        return true
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') return true
      }
      if (!this.expired(file)) return false
      try {
        unlinkSync(file)
      } catch {
        // Another process reclaimed it first: the exclusive create decides.
      }
    }
    return false
  }

  private expired(file: string): boolean {
    try {
      return statSync(file).mtimeMs + REMEMBER_MS <= this.now()
    } catch {
      return true
    }
  }

  private prune(): void {
    const now = this.now()
    if (now - this.lastPrune < PRUNE_EVERY_MS) return
    this.lastPrune = now
    let names: string[] = []
    try {
      names = readdirSync(this.dir)
    } catch {
      return
    }
    for (const name of names) {
      const file = join(this.dir, name)
      try {
        if (this.expired(file)) unlinkSync(file)
      } catch {
        // Pruning is housekeeping: a file another process removed first changes nothing here.
      }
    }
  }
}
