import type { ReplayedEntry, ReplayReport } from '../../../shared/contract'
import { ConsoleError } from '../core/console-error'
import type { EventBus } from '../core/event-bus'
import type { ResolvedEnvironment } from '../core/ports'
import { harDocumentEntries } from '../har/har-import'
import type { LogFormats } from '../har/log-formats'
import { compareExchanges } from '../requests/compare-exchanges'
import type { RequestsService } from '../requests/requests-service'
import type { ReproBundles } from './repro-bundle'

interface BundleReplayDeps {
  bundles: ReproBundles
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
 * with), and it holds one entry's exchange at a time, not the whole HAR imported at once. Token and authorize
 * exchanges are skipped: the replay runs on the environment's own tokens. The summary counts the same status, a
 * different status, a different body (same status), failures and skips.
 */
export class BundleReplay {
  constructor(private readonly deps: BundleReplayDeps) {}

  async replay(text: string, envId?: string, signal?: AbortSignal): Promise<ReplayReport> {
    const opened = this.deps.bundles.open(text)
    const env = await this.deps.environment(envId)
    const harEntries = harDocumentEntries(opened.bundle.har)
    const entries: ReplayedEntry[] = []
    for (let index = 0; index < harEntries.length; index++) {
      if (signal?.aborted) throw new ConsoleError('cancelled', 'The replay was cancelled.')
      const timeline = opened.timeline[index]
      const base = { index, method: timeline?.method ?? '?', path: pathOf(timeline?.url ?? '') }
      const read = this.deps.formats.importEntry(harEntries[index], index)
      // The parsed entry is not needed any more: the log's copy (and ours) is what is compared.
      harEntries[index] = null
      ;(opened.bundle.har.log.entries as unknown[])[index] = null
      if ('problem' in read) {
        entries.push({
          ...base,
          outcome: 'failed',
          original: { status: timeline?.status ?? 0, logId: null },
          replay: { status: null, logId: null, error: read.problem },
        })
        continue
      }
      const original = read.entry
      const originalSide = { status: original.status ?? 0, logId: read.id }
      const why = notReplayed(original.purpose, base.path, env)
      if (why) {
        entries.push({ ...base, outcome: 'skipped', original: originalSide, replay: { status: null, logId: null }, reason: why })
        continue
      }
      try {
        const result = await this.deps.requests.resendEntry(original, { envId: env.id, signal })
        const comparison = compareExchanges(original, result.entry)
        const outcome = !comparison.status.equal ? 'different-status' : comparison.responseBody.equal ? 'same' : 'different-body'
        entries.push({ ...base, outcome, original: originalSide, replay: { status: result.view.status, logId: result.view.logId } })
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error)
        entries.push({ ...base, outcome: 'failed', original: originalSide, replay: { status: null, logId: null, error: message } })
      }
      this.deps.bus.emit('bundle:replayProgress', { done: index + 1, total: harEntries.length })
    }
    const count = (o: ReplayedEntry['outcome']) => entries.filter(e => e.outcome === o).length
    return {
      target: { envId: env.id, name: env.name, baseUrl: env.baseUrl },
      entries,
      summary: {
        same: count('same'),
        differentStatus: count('different-status'),
        differentBody: count('different-body'),
        failed: count('failed'),
        skipped: count('skipped'),
      },
    }
  }
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
