import { ConsoleError } from '../core/console-error'
import type { NetworkLog } from '../log/network-log'
import type { Redactor } from '../log/redaction'
import { toCurl } from './curl-export'
import { buildHar } from './har-export'
import { parseHar } from './har-import'
import { type LiveCredentialDeps, liveCredentials } from './live-credentials'

export interface LogExportDeps extends LiveCredentialDeps {
  log: NetworkLog
  redactor: Redactor
  creator: { name: string; version: string }
}

/**
 * HAR export/import and cURL copy over the network log: the operations behind `log:exportHar`, `log:importHar` and
 * `log:curl`, kept together so the bridge handlers stay one-liners.
 */
export class LogExports {
  constructor(private readonly deps: LogExportDeps) {}

  /**
   * The log (or some entries) as HAR 1.2 text. Refuses `includeSecrets` with the reason: the log holds only redacted
   * values, by design, so a HAR with the captured secrets cannot exist (see docs/requests.md).
   */
  exportHar(options: { ids?: string[]; includeSecrets?: boolean }): { har: string; entries: number; sanitized: true } {
    if (options.includeSecrets) {
      throw new ConsoleError('unsupported', 'A HAR with secrets cannot be made: the network log redacts at capture and never keeps the secret values.', {
        hint: 'Export the sanitized HAR; to replay one request with real credentials, use Copy as cURL with live credentials.',
      })
    }
    const entries = this.deps.log.entries(options.ids)
    const har = buildHar(entries, this.deps.creator)
    return { har: JSON.stringify(har, null, 2), entries: entries.length, sanitized: true }
  }

  /** Adds a HAR's entries to the log (redacted, marked imported); bad input is a typed error, never a crash. */
  importHar(text: string): { imported: number; ids: string[]; skipped: Array<{ index: number; problem: string }> } {
    const { entries, skipped } = parseHar(text, this.deps.redactor)
    const ids = entries.map((e) => this.deps.log.addImported(e.entry, e.bodies))
    return { imported: ids.length, ids, skipped }
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
