import type { FileText, ReplayedEntry, ReplayReport } from '../../../shared/contract'
import { ConsoleError } from '../core/console-error'
import type { EventBus } from '../core/event-bus'
import type { ResolvedEnvironment } from '../core/ports'
import { harDocumentEntries } from '../har/har-entry-schema'
import type { LogFormats } from '../har/log-formats'
import { replayOutcome } from '../requests/compare-exchanges'
import type { RequestsService } from '../requests/requests-service'
import { type ReadBundle, timelineEntry } from './bundle-reader'
import type { ReproBundles } from './repro-bundle'

interface BundleReplayDeps {
  bundles: Pick<ReproBundles, 'read'>
  formats: Pick<LogFormats, 'importEntry'>
  requests: Pick<RequestsService, 'resendEntry'>
  environment: (envId?: string) => Promise<ResolvedEnvironment>
  bus: EventBus
}

/**
 * Replays a bundle against an environment (the sandbox, or one's own): one entry at a time, it is imported into the
 * network log (marked imported, redacted), sent again through the requests service with the target environment's current
 * token or a fresh signature (a captured credential is never replayed), and compared with its original. The replay
 * keeps its own copy of the original and of the answer, so it works at any number of entries: it never needs the
 * bounded log to still hold an entry (a 10,000-entry bundle no longer evicts the originals it is about to compare
 * with), and it holds one entry's exchange at a time: the bundle's entries are parsed one by one as they are replayed,
 * never all at once (see readBundle). Token and authorize
 * exchanges are skipped: the replay runs on the environment's own tokens. The summary counts the same status, a
 * different status, a different body (same status), failures and skips.
 */
export class BundleReplay {
  constructor(private readonly deps: BundleReplayDeps) {}

  /** The whole report at once (the bridge's `bundle:replay`): see replayEach. */
  async replay(text: FileText, envId?: string, signal?: AbortSignal): Promise<ReplayReport> {
    const entries: ReplayedEntry[] = []
    const read = await this.deps.bundles.read(text)
    try {
      const result = await this.replayEach(read, { envId, signal, onEntry: e => entries.push(e) })
      return { target: result.target, entries, summary: result.summary }
    } finally {
      await read.close()
    }
  }

  /**
   * Replays a read bundle entry by entry, handing each entry's outcome to `onEntry` as soon as it is known and keeping
   * none of them: memory stays flat whatever the number of entries (the CLI writes each report line as it comes).
   * `onStart` gets the target before the first entry.
   */
  async replayEach(
    read: ReadBundle,
    options: { envId?: string; signal?: AbortSignal; onStart?: (target: ReplayTarget) => void; onEntry: (entry: ReplayedEntry) => void },
  ): Promise<{ target: ReplayTarget; summary: ReplaySummary }> {
    const { signal, onEntry } = options
    const env = await this.deps.environment(options.envId)
    harDocumentEntries(read.harShape())
    const target = { envId: env.id, name: env.name, baseUrl: env.baseUrl }
    options.onStart?.(target)
    const summary: ReplaySummary = { same: 0, differentStatus: 0, differentBody: 0, failed: 0, skipped: 0 }
    const emit = (entry: ReplayedEntry) => {
      summary[SUMMARY_KEY[entry.outcome]] += 1
      onEntry(entry)
    }
    for (let index = 0; index < read.count; index++) {
      if (signal?.aborted) throw new ConsoleError('cancelled', 'The replay was cancelled.')
      const raw = await read.take(index)
      const timeline = timelineEntry(raw, index)
      const base = { index, method: timeline.method, path: pathOf(timeline.url) }
      const imported = this.deps.formats.importEntry(raw, index)
      if ('problem' in imported) {
        emit({
          ...base,
          outcome: 'failed',
          original: { status: timeline.status, logId: null },
          replay: { status: null, logId: null, error: imported.problem },
        })
        continue
      }
      const original = imported.entry
      const originalSide = { status: original.status ?? 0, logId: imported.id }
      const why = notReplayed(original.purpose, base.path, env)
      if (why) {
        emit({ ...base, outcome: 'skipped', original: originalSide, replay: { status: null, logId: null }, reason: why })
        continue
      }
      try {
        const result = await this.deps.requests.resendEntry(original, { envId: env.id, signal })
        const outcome = replayOutcome(original, result.entry)
        emit({ ...base, outcome, original: originalSide, replay: { status: result.view.status, logId: result.view.logId } })
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error)
        emit({ ...base, outcome: 'failed', original: originalSide, replay: { status: null, logId: null, error: message } })
      }
      this.deps.bus.emit('bundle:replayProgress', { done: index + 1, total: read.count })
    }
    return { target, summary }
  }
}

type ReplayTarget = ReplayReport['target']
type ReplaySummary = ReplayReport['summary']

const SUMMARY_KEY: Record<ReplayedEntry['outcome'], keyof ReplaySummary> = {
  same: 'same',
  'different-status': 'differentStatus',
  'different-body': 'differentBody',
  failed: 'failed',
  skipped: 'skipped',
}

/** Why an entry is not replayed (null = it is). */
function notReplayed(purpose: string, path: string, env: ResolvedEnvironment): string | null {
  if (purpose === 'oauth-token' || samePath(path, env.paths.token))
    return 'token exchanges are not replayed: the replay uses the environment’s own tokens'
  if (samePath(path, env.paths.authorize)) return 'the authorize step is a browser redirect, not replayed'
  if (purpose === 'sandbox-admin' || path.startsWith('/_sandbox/')) return 'sandbox operator calls are not replayed'
  return null
}

function samePath(a: string, b: string): boolean {
  const norm = (p: string) => p.toLowerCase().replace(/\/+$/, '')
  return norm(a) === norm(b)
}

function pathOf(url: string): string {
  try {
    const u = new URL(url)
    return `${u.pathname}${u.search}`
  } catch {
    return url
  }
}
