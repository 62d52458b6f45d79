import type { FileText, LogEntry } from '../../../shared/contract'
import type { SecretRegistry } from '../core/secret-registry'
import { timeSlicer } from '../core/time-slicer'
import type { NetworkLog } from '../log/network-log'
import type { Redactor } from '../log/redaction'
import { toCurl } from '../requests/copy-as/curl-command'
import { buildHar } from './har-export'
import { readHar, readHarEntry } from './har-import'
import { type LiveCredentialDeps, liveCredentials } from './live-credentials'

interface LogFormatsDeps extends LiveCredentialDeps {
  log: NetworkLog
  redactor: Redactor
  /** For the explicit "with secrets" HAR: the values behind the markers. */
  secrets: SecretRegistry
  creator: { name: string; version: string }
}

interface SavedHar {
  har: string
  entries: number
  sanitized: boolean
  /** With secrets: how many markers were put back, and how many stayed (values the engine never kept). */
  restored?: number
  unresolved?: number
}

/**
 * HAR save/open and cURL copy over the network log: the operations behind `log:saveHar`, `log:openHar` and
 * `log:curl`, kept together so the bridge handlers stay one-liners.
 */
export class LogFormats {
  constructor(private readonly deps: LogFormatsDeps) {}

  /**
   * The log (or some entries) as HAR 1.2 text, sanitized: the log itself only holds redacted values. With
   * `includeSecrets` (an explicit choice in the UI), the markers whose values the engine still holds in memory (client
   * secrets, tokens, codes) are put back, and the HAR says so in its comment; one-use values it never kept (signatures,
   * cookies) stay redacted and are counted.
   */
  saveHar(options: { ids?: string[]; includeSecrets?: boolean }): SavedHar {
    const entries = this.deps.log.entries(options.ids)
    const har = buildHar(entries, this.deps.creator)
    if (!options.includeSecrets) return { har: JSON.stringify(har, null, 2), entries: entries.length, sanitized: true }
    har.log.comment =
      'CONTAINS SECRETS: exported on request with the tokens, codes and client secrets the console held, in clear. ' +
      'Values it never kept (one-use signatures, cookies) remain [redacted:<label>:<fingerprint>] placeholders.'
    const revealed = this.deps.secrets.reveal(JSON.stringify(har, null, 2))
    return { har: revealed.text, entries: entries.length, sanitized: false, restored: revealed.restored, unresolved: revealed.unresolved }
  }

  /**
   * Adds a HAR's entries to the log (redacted, marked imported); bad input is a typed error, never a crash. Every entry
   * is checked before the first is added (a large file in a worker thread, see readHar), and entries are added in time
   * slices of a few milliseconds (timeSlicer), a batch at a time as they are built, so an import of any size never
   * holds the event loop for long nor the host's heap with more than the log keeps (each entry is redacted as it is
   * taken, inside the slice that adds it). Only the newest entries the log's
   * capacity keeps are built and added (older ones are counted as `dropped`), and the log says so once per slice
   * (`log:changed`), not once per entry. `signal` stops it before anything is added; once adding has begun it
   * finishes, so the log never holds half a file without saying so.
   */
  async openHar(
    text: FileText,
    options: { signal?: AbortSignal } = {},
  ): Promise<{ imported: number; ids: string[]; dropped: number; skipped: Array<{ index: number; problem: string }> }> {
    const { log, redactor } = this.deps
    const { batches, valid, skipped } = await readHar(text, redactor, { ...options, keep: log.settings.capacity })
    const pause = timeSlicer()
    const ids: string[] = []
    let unannounced = 0
    for await (const batch of batches) {
      for (const e of batch) {
        const turn = pause()
        if (turn) {
          log.announceImported(unannounced)
          unannounced = 0
          await turn
        }
        ids.push(log.addImported(e.entry, e.bodies, { quiet: true }))
        unannounced++
      }
    }
    log.announceImported(unannounced)
    return { imported: valid, ids, dropped: valid - ids.length, skipped }
  }

  /**
   * One entry of a parsed HAR added to the log (redacted, marked imported), returned as the log stored it: a caller
   * streaming a large HAR (the bundle replay) keeps its own copy and never needs the log to still hold it later.
   */
  importEntry(raw: unknown, index: number): { id: string; entry: LogEntry } | { problem: string } {
    const read = readHarEntry(raw, index, this.deps.redactor)
    if ('problem' in read) return read
    const id = this.deps.log.addImported(read.entry, read.bodies)
    return { id, entry: this.deps.log.get(id) }
  }

  /** One entry as cURL: redacted, or with live credentials (see liveCredentials). */
  async curl(id: string, redacted: boolean): Promise<{ command: string; notes: string[] }> {
    const entry = this.deps.log.get(id)
    if (redacted) return toCurl(entry)
    const live = await liveCredentials(entry, this.deps)
    const out = toCurl(entry, live.headers)
    return { command: out.command, notes: [...live.notes, ...out.notes] }
  }
}
