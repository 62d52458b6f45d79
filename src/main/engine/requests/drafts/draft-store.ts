import { join } from 'node:path'
import { type DraftWorkspace, draftWorkspaceSchema } from '../../../../shared/contract'
import { scrubRequest } from '../scrub-request'
import { readJsonDocument, writeJsonDocument } from './json-document'

/** The file of the open tabs in the data folder. */
export const DRAFTS_FILE = 'drafts.json'
/** How long the store waits for more edits before it writes (a burst of keystrokes is one write). */
const DRAFTS_DEBOUNCE_MS = 250

const EMPTY: DraftWorkspace = { tabs: [], activeId: null }

/** What a save answers: the workspace's revision, and why the last write failed (null when it did not). */
interface DraftSaveResult {
  revision: number
  problem: string | null
}

/**
 * The composer's open tabs, kept in the data folder (`drafts.json`) so they survive a reload, a restart and the switch
 * between the desktop app and the web host. A save is answered at once and written shortly after (debounced), one
 * write at a time, atomically: a crash mid-write leaves the previous tabs or the new ones, never a mix, and `close()`
 * writes what is pending. Known secrets are redacted before the tabs are kept (in memory and on disk), so no token or
 * client secret pasted into a draft is written in clear. An unreadable file is moved aside, never overwritten.
 */
export class DraftStore {
  private readonly file: string
  private current: DraftWorkspace | null = null
  private revision = 0
  private written = 0
  private timer: NodeJS.Timeout | null = null
  private writing: Promise<void> = Promise.resolve()
  private problem: string | null = null

  constructor(
    dataDir: string,
    private readonly scrub: (text: string) => string,
    private readonly debounceMs = DRAFTS_DEBOUNCE_MS,
  ) {
    this.file = join(dataDir, DRAFTS_FILE)
  }

  /** The tabs as last kept: from memory after the first read, from the file before (empty when there is none). */
  async load(): Promise<DraftWorkspace & { revision: number; movedAside: string | null }> {
    let movedAside: string | null = null
    if (this.current === null) {
      const read = await readJsonDocument(this.file, parseDocument)
      movedAside = read.movedAside
      // A save that arrived while the file was read wins over the file.
      this.current ??= read.doc ?? EMPTY
    }
    return { ...this.current, revision: this.revision, movedAside }
  }

  /** Keeps the tabs (redacted) and schedules their write; answers with the write problem of the last try, if any. */
  save(workspace: DraftWorkspace): DraftSaveResult {
    this.current = {
      activeId: workspace.activeId,
      tabs: workspace.tabs.map(t => ({ ...t, draft: scrubRequest(t.draft, this.scrub) })),
    }
    this.revision += 1
    if (this.timer) clearTimeout(this.timer)
    this.timer = setTimeout(() => void this.flush(), this.debounceMs)
    return { revision: this.revision, problem: this.problem }
  }

  /** Writes what is pending now (and waits for a write in progress); never rejects: a failure is kept as `problem`. */
  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer)
    this.timer = null
    this.writing = this.writing.then(async () => {
      if (this.current === null || this.written === this.revision) return
      const revision = this.revision
      try {
        await writeJsonDocument(this.file, { format: 'partner-console-drafts', version: 1, workspace: this.current })
        this.written = revision
        this.problem = null
      } catch (error) {
        this.problem = `The open tabs could not be written to ${this.file}: ${(error as Error).message}. They are kept in memory; free some space or fix the folder's permissions, and the next edit writes them again.`
      }
    })
    return this.writing
  }

  /** Writes what is pending; called when the console closes. */
  close(): Promise<void> {
    return this.flush()
  }
}

function parseDocument(value: unknown): DraftWorkspace | null {
  const v = value as { format?: unknown; version?: unknown; workspace?: unknown } | null
  if (v?.format !== 'partner-console-drafts' || v.version !== 1) return null
  const parsed = draftWorkspaceSchema.safeParse(v.workspace)
  return parsed.success ? parsed.data : null
}
