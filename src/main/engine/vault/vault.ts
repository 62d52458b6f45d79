import { readFile } from 'node:fs/promises'
import type { StorageProblem } from '../../../shared/contract'
import { ConsoleError } from '../core/console-error'
import { writeFileAtomic } from './atomic-write'
import { quarantineFile, removeWriteLeftovers } from './quarantine'
import type { SecretCipher } from './secret-cipher'
import { parseVaultDocument, serializeVaultDocument, VAULT_FORMAT, type VaultDocument } from './vault-document'

interface VaultRecord {
  /** The ciphertext, base64, exactly as found or written: kept even when it cannot be decrypted. */
  data: string
  updatedAt: string
  plain?: string
  error?: string
}

interface VaultOpenOptions {
  /** Called once per readable record at open, so its value can be registered for redaction at once. */
  onSecret?: (key: string, value: string) => void
  now?: () => Date
  /**
   * A temporary run's vault (CLI --sandbox or flags, whose data folder is deleted when it ends): records live in
   * memory only, so no file is read, encrypted to disk or flushed with fsync. Default false.
   */
  inMemory?: boolean
}

/**
 * The encrypted store of client secrets and tokens (`vault.json`): one record per key, each encrypted separately by
 * the SecretCipher so one damaged record costs one secret, not all. Guarantees: writes are atomic and serialised
 * (a crash leaves the old or the new file); a file that cannot be parsed is moved aside as `.corrupt-<time>` and
 * reported, never overwritten in place; a record that cannot be decrypted is reported, kept byte for byte in the
 * file, and only replaced when the user stores a new value for it.
 */
export class Vault {
  private readonly records = new Map<string, VaultRecord>()
  private readonly fileProblems: StorageProblem[] = []
  private writing: Promise<void> = Promise.resolve()
  /**
   * The backend that wrote this vault when it is not this console's and its records cannot be read here (the desktop
   * app's OS keyring, opened by the web host or the CLI in the shared data folder): writing would relabel the file
   * and cost the other console its secrets, so the vault stays read-only here.
   */
  private foreignBackend: string | null = null
  /** Changes to `records` in call order: an asynchronous cipher (Electron safeStorage) must not reorder two sets. */
  private changes: Promise<void> = Promise.resolve()

  private constructor(
    readonly path: string,
    private readonly cipher: SecretCipher,
    private readonly now: () => Date,
    private readonly inMemory = false,
  ) {}

  /** Opens (or starts) the vault at `path`; never throws for damaged content, which becomes `problems()`. */
  static async open(path: string, cipher: SecretCipher, options: VaultOpenOptions = {}): Promise<Vault> {
    const vault = new Vault(path, cipher, options.now ?? (() => new Date()), options.inMemory === true)
    if (vault.inMemory) return vault
    await removeWriteLeftovers(path)
    await vault.load(options.onSecret)
    return vault
  }

  private async load(onSecret?: (key: string, value: string) => void): Promise<void> {
    let text: string
    try {
      text = await readFile(this.path, 'utf8')
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return
      throw new ConsoleError('storage', `The vault file ${this.path} could not be read: ${(error as Error).message}`, {
        hint: 'Check the permissions of the data folder; the console did not change the file.',
        cause: error,
      })
    }
    let doc: VaultDocument
    try {
      doc = parseVaultDocument(text)
    } catch (error) {
      const movedTo = await quarantineFile(this.path, this.now())
      this.fileProblems.push({
        kind: 'file-unreadable',
        file: this.path,
        movedTo,
        message: `The vault file was unreadable (${(error as Error).message}) and was moved to ${movedTo}. Stored client secrets and tokens are unavailable.`,
        hint: 'Enter the client secrets again and authorize again. The moved file was kept in case it can be restored.',
      })
      return
    }
    for (const [key, record] of doc.records) {
      const entry: VaultRecord = { data: record.data, updatedAt: record.updatedAt }
      try {
        entry.plain = await this.cipher.decrypt(Buffer.from(record.data, 'base64'), key)
        onSecret?.(key, entry.plain)
      } catch (error) {
        entry.error = error instanceof Error ? error.message : String(error)
        if (doc.backend !== this.cipher.info.backend) {
          entry.error += ` It was written with ${doc.backend}; this console uses ${this.cipher.info.backend}.`
        }
      }
      this.records.set(key, entry)
    }
    if (doc.backend !== this.cipher.info.backend && [...this.records.values()].some(r => r.error !== undefined)) {
      this.foreignBackend = doc.backend
    }
  }

  /** Refuses a change to a vault another console's cipher wrote (see `foreignBackend`), saying which and what to do. */
  private assertWritable(): void {
    if (this.foreignBackend === null) return
    throw new ConsoleError(
      'storage',
      `The vault in this data folder (${this.path}) was written with ${this.foreignBackend}, which this console (${this.cipher.info.backend}) cannot read, so it was not changed: changing it would cost the other console its secrets.`,
      {
        hint: this.foreignBackend.startsWith('safeStorage:')
          ? 'Store secrets and authorize in the desktop app (it keeps them in the operating system keyring), or give the web host or CLI a folder of its own with --data-dir.'
          : 'Use the console that wrote it, or give this one a folder of its own with --data-dir.',
      },
    )
  }

  /** Damaged file or records found at open (and not yet replaced). */
  problems(): StorageProblem[] {
    const out = [...this.fileProblems]
    for (const [key, record] of this.records) {
      if (record.error === undefined) continue
      out.push({
        kind: 'record-unreadable',
        file: this.path,
        environmentId: environmentIdOfKey(key),
        message: `The vault record "${key}" cannot be decrypted: ${record.error}`,
        hint: 'Store the value again (it replaces the damaged record), or restore the key that encrypted it.',
      })
    }
    return out
  }

  /** Whether a previous vault file was moved aside at open (its secrets are gone from this vault). */
  get fileWasUnreadable(): boolean {
    return this.fileProblems.length > 0
  }

  has(key: string): boolean {
    return this.records.has(key)
  }

  /** True when a record exists but cannot be decrypted. */
  isUnreadable(key: string): boolean {
    return this.records.get(key)?.error !== undefined
  }

  /** The decrypted value, undefined when absent; ConsoleError('storage') when the record cannot be decrypted. */
  get(key: string): string | undefined {
    const record = this.records.get(key)
    if (!record) return undefined
    if (record.error !== undefined) {
      throw new ConsoleError('storage', `The stored value "${key}" cannot be decrypted: ${record.error}`, {
        hint: 'Enter it again (this replaces the damaged record), or restore the vault key that encrypted it.',
      })
    }
    return record.plain
  }

  keys(): string[] {
    return [...this.records.keys()]
  }

  /** Encrypts and stores a value; resolves once the file on disk holds it. */
  async set(key: string, value: string): Promise<void> {
    this.assertWritable()
    let written: Promise<void> = Promise.resolve()
    await this.change(async () => {
      const data = (await this.cipher.encrypt(value, key)).toString('base64')
      this.records.set(key, { data, plain: value, updatedAt: this.now().toISOString() })
      // Queued inside the change, so flush() (which waits for the changes) also waits for this write.
      written = this.persist()
    })
    await written
  }

  /** Removes the records whose key satisfies `match`; resolves once written. */
  async deleteWhere(match: (key: string) => boolean): Promise<number> {
    if (this.keys().some(match)) this.assertWritable()
    let count = 0
    let written: Promise<void> = Promise.resolve()
    await this.change(() => {
      for (const key of [...this.records.keys()]) {
        if (match(key)) {
          this.records.delete(key)
          count++
        }
      }
      if (count > 0) written = this.persist()
    })
    await written
    return count
  }

  async delete(key: string): Promise<boolean> {
    return (await this.deleteWhere(k => k === key)) > 0
  }

  /** Waits for pending writes (used at shutdown). */
  flush(): Promise<void> {
    // A set still encrypting (an asynchronous cipher) has not queued its write yet: wait for it first.
    return this.changes.then(() => this.writing)
  }

  /** Runs one change to `records` after the previous ones (in call order), even when an earlier one failed. */
  private change(apply: () => void | Promise<void>): Promise<void> {
    const next = this.changes.then(apply, apply)
    this.changes = next.catch(() => {})
    return next
  }

  private persist(): Promise<void> {
    if (this.inMemory) return Promise.resolve()
    const write = async () => {
      const doc: VaultDocument = { format: VAULT_FORMAT, version: 1, backend: this.cipher.info.backend, records: new Map() }
      for (const [key, r] of [...this.records].sort(([a], [b]) => a.localeCompare(b))) {
        doc.records.set(key, { data: r.data, updatedAt: r.updatedAt })
      }
      await writeFileAtomic(this.path, serializeVaultDocument(doc))
    }
    const next = this.writing.then(write, write)
    this.writing = next.catch(() => {})
    return next.catch((error: unknown) => {
      throw new ConsoleError('storage', `The vault file ${this.path} could not be written: ${(error as Error).message}`, {
        hint: 'Check free disk space and the permissions of the data folder. The previous vault file is intact.',
        cause: error,
      })
    })
  }
}

/** Vault keys are `env:<id>:<what>`; this gives the environment id for problem reports. */
export function environmentIdOfKey(key: string): string | undefined {
  const m = /^env:(.+):[^:]+$/.exec(key)
  return m?.[1]
}

/** The vault key of an environment's client secret. */
export function clientSecretKey(envId: string): string {
  return `env:${envId}:client_secret`
}

/** The vault keys of an environment's network secrets (proxy password, client key, client certificate passphrase). */
export function networkSecretKey(envId: string, what: 'proxy_password' | 'client_key' | 'client_cert_passphrase'): string {
  return `env:${envId}:${what}`
}

/** The vault key of an environment's token set. */
export function tokensKey(envId: string): string {
  return `env:${envId}:tokens`
}
