import { join } from 'node:path'
import { FIRST_RUN_STEPS, type FirstRunStatus, type FirstRunStepId, type LogEntrySummary } from '../../../shared/contract'
import { readJsonDocument, writeJsonDocument } from '../requests/drafts/json-document'

/** The checklist's file in the data folder. */
const FIRST_RUN_FILE = 'first-run.json'

/** What the checklist kept: when each step was first seen done (and what showed it), and whether it is hidden. */
interface FirstRunDocument {
  dismissed: boolean
  done: Partial<Record<FirstRunStepId, { at: string; evidence: string }>>
}

/** The engine's facts the steps are read from (the runtime passes them; the checklist owns none of them). */
interface FirstRunFacts {
  /** The active environment: its id, its name, and whether it can answer now (the built-in sandbox is running). */
  activeEnvironment(): { id: string; name: string; ready: boolean } | null
  /** Whether a token is held for the environment. */
  hasToken(envId: string): boolean
  /** The paths of the environment's locations endpoint (its overrides applied). */
  locationsPath(envId: string): string | null
  /** The console's own exchanges in the network log (not captured, not operator calls, not imported). */
  exchanges(): LogEntrySummary[]
}

const isOk = (e: LogEntrySummary) => e.state === 'done' && e.status !== null && e.status >= 200 && e.status < 300
const pathOnly = (path: string) => path.split('?')[0]?.replace(/\/+$/, '').toLowerCase() ?? ''

function parseDocument(value: unknown): FirstRunDocument | null {
  if (typeof value !== 'object' || value === null) return null
  const v = value as { dismissed?: unknown; done?: unknown }
  if (typeof v.dismissed !== 'boolean' || typeof v.done !== 'object' || v.done === null) return null
  const done: FirstRunDocument['done'] = {}
  for (const id of FIRST_RUN_STEPS) {
    const step = (v.done as Record<string, unknown>)[id] as { at?: unknown; evidence?: unknown } | undefined
    if (step && typeof step.at === 'string' && typeof step.evidence === 'string') done[id] = { at: step.at, evidence: step.evidence }
  }
  return { dismissed: v.dismissed, done }
}

/**
 * The first-run checklist: each step ticks from the engine's own facts (an environment that can answer, a token held,
 * a 2xx list of locations and a 2xx HMAC-signed exchange in the network log, an exchange opened in the log or the
 * inspector), never from a click on the list. A step once seen done stays done in `first-run.json` (the log and the
 * sandbox's tokens live in memory), so a reload or a restart keeps every tick; hiding the list is kept there too.
 * `onChange` hears every new tick and every show/hide, so the screen follows without polling.
 */
export class FirstRunChecklist {
  private readonly file: string
  private doc: FirstRunDocument | null = null
  private looked: string | null = null
  private queue: Promise<unknown> = Promise.resolve()

  constructor(
    dataDir: string,
    private readonly facts: FirstRunFacts,
    private readonly onChange: (status: FirstRunStatus) => void,
  ) {
    this.file = join(dataDir, FIRST_RUN_FILE)
  }

  /** The checklist now: kept ticks plus any step the facts show done (newly seen ones are written first). */
  status(): Promise<FirstRunStatus> {
    return this.serial(async () => (await this.refresh()).status)
  }

  /** Hides or shows the checklist again; kept in the data folder. */
  setDismissed(dismissed: boolean): Promise<FirstRunStatus> {
    return this.serial(async () => {
      const doc = await this.load()
      doc.dismissed = dismissed
      await writeJsonDocument(this.file, doc)
      const status = this.view(doc)
      this.onChange(status)
      return status
    })
  }

  /** Re-reads the facts after something changed (a log entry, a token); tells `onChange` when a step ticked. */
  recheck(): Promise<void> {
    return this.serial(async () => {
      const { status, ticked } = await this.refresh()
      if (ticked) this.onChange(status)
    })
  }

  /** The user opened a logged exchange (network log, inspector link) or had a signature explained in the inspector. */
  sawExchange(what: string): Promise<void> {
    this.looked ??= what
    return this.recheck()
  }

  /** Resolves when the checklist's pending reads and writes are done (the runtime waits for it before it stops). */
  async idle(): Promise<void> {
    await this.queue
  }

  private serial<T>(work: () => Promise<T>): Promise<T> {
    const run = this.queue.then(work, work)
    this.queue = run.catch(() => undefined)
    return run
  }

  private async load(): Promise<FirstRunDocument> {
    this.doc ??= (await readJsonDocument(this.file, parseDocument)).doc ?? { dismissed: false, done: {} }
    return this.doc
  }

  private async refresh(): Promise<{ status: FirstRunStatus; ticked: boolean }> {
    const doc = await this.load()
    let ticked = false
    const at = new Date().toISOString()
    for (const [id, evidence] of Object.entries(this.seen(doc)) as Array<[FirstRunStepId, string | null]>) {
      if (evidence === null || doc.done[id]) continue
      doc.done[id] = { at, evidence }
      ticked = true
    }
    if (ticked) await writeJsonDocument(this.file, doc)
    return { status: this.view(doc), ticked }
  }

  /**
   * What the facts show for each step not yet done (the evidence in words, or null). A step once done is never read
   * again: the checklist rechecks after every exchange of the console's own, so the network log is scanned only while
   * a step that reads it is still open, and a finished checklist costs a request nothing.
   */
  private seen(doc: FirstRunDocument): Record<FirstRunStepId, string | null> {
    const open = (id: FirstRunStepId) => !doc.done[id]
    const env = open('environment') || open('token') ? this.facts.activeEnvironment() : null
    const exchanges = open('locations') || open('signed') ? this.facts.exchanges().filter(isOk) : []
    const locations = exchanges.find(e => {
      const path = e.envId ? this.facts.locationsPath(e.envId) : null
      return e.method === 'GET' && path !== null && pathOnly(e.path) === pathOnly(path)
    })
    const signed = exchanges.find(e => e.auth === 'hmac')
    return {
      environment: env?.ready ? `${env.name} answers` : null,
      token: env && this.facts.hasToken(env.id) ? `a token for ${env.name}` : null,
      locations: locations ? `${locations.method} ${locations.path} answered ${locations.status}` : null,
      signed: signed ? `${signed.method} ${signed.path} (HMAC) answered ${signed.status}` : null,
      inspected: this.looked,
    }
  }

  private view(doc: FirstRunDocument): FirstRunStatus {
    const steps = FIRST_RUN_STEPS.map(id => ({ id, doneAt: doc.done[id]?.at ?? null, evidence: doc.done[id]?.evidence ?? null }))
    return { steps, dismissed: doc.dismissed, complete: steps.every(s => s.doneAt !== null) }
  }
}
