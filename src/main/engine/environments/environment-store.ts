import { readFile } from 'node:fs/promises'
import { z } from 'zod'
import { environmentSettingsSchema, lazySchema, type StorageProblem } from '../../../shared/contract'
import { ConsoleError } from '../core/console-error'
import { writeFileAtomic } from '../vault/atomic-write'
import { quarantineFile, removeWriteLeftovers } from '../vault/quarantine'

const STORE_FORMAT = 'partner-console-environments-store'

/** One user-defined environment as stored in environments.json: settings and metadata, never a secret. */
const storedEnvironmentSchema = lazySchema(() =>
  environmentSettingsSchema
    .extend({
      id: z.string().min(1).max(100),
      hasClientSecret: z.boolean(),
      unprotectedStorageAccepted: z.boolean().optional(),
      createdAt: z.string(),
      updatedAt: z.string(),
    })
    .strict(),
)

export type StoredEnvironment = z.output<typeof storedEnvironmentSchema>

/** Flow settings of the built-in sandbox that the user may change (its addresses and credentials are fixed). */
const builtinSettingsSchema = lazySchema(() =>
  environmentSettingsSchema.pick({ catchMode: true, pkce: true, callbackTimeoutSeconds: true, requireStateEcho: true }).strict(),
)
export type BuiltinSettings = z.output<typeof builtinSettingsSchema>

const documentSchema = lazySchema(() =>
  z.object({
    format: z.literal(STORE_FORMAT),
    version: z.literal(1),
    activeId: z.string().nullable(),
    builtin: builtinSettingsSchema.optional(),
    environments: z.array(z.unknown()),
  }),
)

/**
 * environments.json: the user's environments without secrets, the active id and the built-in's flow settings.
 * An unparseable file is moved aside and reported; an entry that fails validation is reported and written back
 * unchanged (never dropped), so a newer or hand-edited file loses nothing.
 */
export class EnvironmentStore {
  private environments: StoredEnvironment[] = []
  private invalid: unknown[] = []
  private readonly loadProblems: StorageProblem[] = []
  activeId: string | null = null
  builtin: BuiltinSettings = {}
  private writing: Promise<void> = Promise.resolve()

  private constructor(
    readonly path: string,
    private readonly inMemory: boolean,
  ) {}

  /**
   * Opens the store; damaged content becomes `problems()` rather than an exception. `inMemory` is for a temporary run
   * (its data folder is deleted when it ends): nothing is read or written, nothing flushed with fsync.
   */
  static async open(path: string, now: () => Date = () => new Date(), options: { inMemory?: boolean } = {}): Promise<EnvironmentStore> {
    const store = new EnvironmentStore(path, options.inMemory === true)
    if (store.inMemory) return store
    await removeWriteLeftovers(path)
    await store.load(now)
    return store
  }

  private async load(now: () => Date): Promise<void> {
    let text: string
    try {
      text = await readFile(this.path, 'utf8')
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return
      throw new ConsoleError('storage', `${this.path} could not be read: ${(error as Error).message}`, {
        hint: 'Check the permissions of the data folder.',
        cause: error,
      })
    }
    let doc: z.output<typeof documentSchema>
    try {
      doc = documentSchema.parse(JSON.parse(text))
    } catch (error) {
      const movedTo = await quarantineFile(this.path, now())
      const reason = error instanceof z.ZodError ? 'not an environments file' : (error as Error).message
      this.loadProblems.push({
        kind: 'file-unreadable',
        file: this.path,
        movedTo,
        message: `The environments file was unreadable (${reason}) and was moved to ${movedTo}.`,
        hint: 'Your environments were not loaded. Fix the moved file and import it (Environments → Import), or create them again.',
      })
      return
    }
    this.activeId = doc.activeId
    this.builtin = doc.builtin ?? {}
    doc.environments.forEach((raw, index) => {
      const parsed = storedEnvironmentSchema.safeParse(raw)
      if (parsed.success) {
        this.environments.push(parsed.data)
        return
      }
      this.invalid.push(raw)
      const name = (raw as { name?: unknown } | null)?.name
      this.loadProblems.push({
        kind: 'environment-invalid',
        file: this.path,
        environmentId: typeof (raw as { id?: unknown } | null)?.id === 'string' ? (raw as { id: string }).id : undefined,
        message: `Environment #${index + 1}${typeof name === 'string' ? ` "${name}"` : ''} in ${this.path} is not valid: ${parsed.error.issues
          .slice(0, 3)
          .map(i => `${i.path.join('.')}: ${i.message}`)
          .join('; ')}`,
        hint: 'It was kept in the file unchanged. Correct it by hand, or export what you need and delete it from the file.',
      })
    })
  }

  problems(): StorageProblem[] {
    return [...this.loadProblems]
  }

  list(): StoredEnvironment[] {
    return [...this.environments]
  }

  get(id: string): StoredEnvironment | undefined {
    return this.environments.find(e => e.id === id)
  }

  /** Adds or replaces an environment (by id) and writes the file. */
  async put(env: StoredEnvironment): Promise<void> {
    const i = this.environments.findIndex(e => e.id === env.id)
    if (i >= 0) this.environments[i] = env
    else this.environments.push(env)
    await this.persist()
  }

  async remove(id: string): Promise<void> {
    this.environments = this.environments.filter(e => e.id !== id)
    if (this.activeId === id) this.activeId = null
    await this.persist()
  }

  async setActive(id: string | null): Promise<void> {
    this.activeId = id
    await this.persist()
  }

  async setBuiltin(settings: BuiltinSettings): Promise<void> {
    this.builtin = settings
    await this.persist()
  }

  /** Writes the file atomically; writes are serialised so the last state always wins. */
  persist(): Promise<void> {
    if (this.inMemory) return Promise.resolve()
    const write = () => {
      const doc = {
        format: STORE_FORMAT,
        version: 1,
        activeId: this.activeId,
        builtin: this.builtin,
        environments: [...this.environments, ...this.invalid],
      }
      return writeFileAtomic(this.path, `${JSON.stringify(doc, null, 2)}\n`)
    }
    const next = this.writing.then(write, write)
    this.writing = next.catch(() => {})
    return next.catch((error: unknown) => {
      throw new ConsoleError('storage', `${this.path} could not be written: ${(error as Error).message}`, {
        hint: 'Check free disk space and the permissions of the data folder. The previous file is intact.',
        cause: error,
      })
    })
  }

  flush(): Promise<void> {
    return this.writing
  }
}
