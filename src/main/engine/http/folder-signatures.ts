import { createHash } from 'node:crypto'
import { lstatSync, mkdirSync, readdirSync, statSync, unlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { REMEMBER_MS, type SignatureClaims } from './used-signatures'

/** The folder, inside a data folder, where sent signatures are claimed when the user's ledger cannot be used. */
export const SENT_SIGNATURES_DIR = 'sent-signatures'

/** Where the user's ledger lives instead of the temporary folder (tests and support). */
export const SIGNATURE_LEDGER_ENV = 'PARTNER_CONSOLE_SIGNATURE_LEDGER'

/** The user's ledger folder's name in the temporary folder: one per user account, so never shared between users. */
function userLedgerName(): string {
  return `partner-console-signatures-${typeof process.getuid === 'function' ? process.getuid() : 'user'}`
}

const PRUNE_EVERY_MS = 5_000

/**
 * Signatures sent in the last seconds by any console process sharing this ledger folder (the app, the web host, every
 * CLI run, whatever data folder each uses), so a second process never sends a signature a first one sent to the same
 * server: it would answer 401 as a replay. A claim is the exclusive creation of a file named by the SHA-256 of the
 * server's origin and the signature (never the signature itself): the file system makes it atomic, so two processes
 * claiming the same signature at once cannot both win, without a lock. Files older than the signature's lifetime are
 * expired: reclaimed, and pruned now and then. A file system error (read-only, full) falls back to "claimed" rather
 * than blocking every request; the server's answer then decides.
 */
export class FolderSignatures implements SignatureClaims {
  private lastPrune = 0

  constructor(
    private readonly dir: string,
    private readonly now: () => number = Date.now,
  ) {
    mkdirSync(this.dir, { recursive: true, mode: 0o700 })
  }

  claim(signature: string, origin: string): boolean {
    const file = join(this.dir, createHash('sha256').update(`${origin}\n${signature}`).digest('hex').slice(0, 40))
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

/**
 * The ledger every console process of this user account shares, in the temporary folder (per user on macOS and
 * Windows; on Linux a folder named with the user id, 0700). It is used only when it is a real folder owned by this
 * user and closed to others: a folder another account made there (or a link) is never trusted, and the data folder's
 * own ledger is used instead (what one data folder's processes sent is then still seen).
 */
export function sentSignatureLedger(dataDir: string, env: NodeJS.ProcessEnv = process.env): FolderSignatures {
  const folder = env[SIGNATURE_LEDGER_ENV] || join(tmpdir(), userLedgerName())
  try {
    mkdirSync(folder, { recursive: true, mode: 0o700 })
    if (ownFolder(folder)) return new FolderSignatures(folder)
  } catch {
    // Not creatable (read-only, no such parent): the data folder's ledger below.
  }
  return new FolderSignatures(join(dataDir, SENT_SIGNATURES_DIR))
}

/** A folder (not a link to one) this user owns that no other account can write to or list. */
function ownFolder(folder: string): boolean {
  const info = lstatSync(folder)
  if (!info.isDirectory()) return false
  if (typeof process.getuid !== 'function') return true
  return info.uid === process.getuid() && (info.mode & 0o077) === 0
}
