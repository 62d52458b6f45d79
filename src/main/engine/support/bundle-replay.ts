import type { ReplayedEntry, ReplayReport } from '../../../shared/contract'
import { ConsoleError } from '../core/console-error'
import type { EventBus } from '../core/event-bus'
import type { ResolvedEnvironment } from '../core/ports'
import type { LogExports } from '../export/log-exports'
import type { NetworkLog } from '../log/network-log'
import type { Workbench } from '../workbench/workbench'
import type { ReproBundles } from './repro-bundle'

export interface BundleReplayDeps {
  bundles: ReproBundles
  exports: Pick<LogExports, 'importHar'>
  log: Pick<NetworkLog, 'get'>
  workbench: Pick<Workbench, 'resend' | 'compare'>
  environment: (envId?: string) => Promise<ResolvedEnvironment>
  bus: EventBus
}

/**
 * Replays a bundle against an environment (the sandbox, or one's own): its entries are imported into the network log
 * (marked imported, redacted), then each API call is sent again through the workbench's resend, with the target
 * environment's current token or a fresh signature (a captured credential is never replayed), and compared with its
 * original. Token and authorize exchanges are skipped: the replay runs on the environment's own tokens. The summary
 * counts the same status, a different status, a different body (same status), failures and skips.
 */
export class BundleReplay {
  constructor(private readonly deps: BundleReplayDeps) {}

  async replay(text: string, envId?: string, signal?: AbortSignal): Promise<ReplayReport> {
    const opened = this.deps.bundles.open(text)
    const env = await this.deps.environment(envId)
    const harEntries = opened.bundle.har.log.entries
    const imported = await this.deps.exports.importHar(JSON.stringify(opened.bundle.har))
    const skippedAt = new Map(imported.skipped.map(s => [s.index, s.problem]))
    const ids = [...imported.ids]
    const entries: ReplayedEntry[] = []
    for (let index = 0; index < harEntries.length; index++) {
      if (signal?.aborted) throw new ConsoleError('cancelled', 'The replay was cancelled.')
      const problem = skippedAt.get(index)
      const timeline = opened.timeline[index]
      const base = { index, method: timeline?.method ?? '?', path: pathOf(timeline?.url ?? '') }
      if (problem !== undefined) {
        entries.push({
          ...base,
          outcome: 'failed',
          original: { status: timeline?.status ?? 0, logId: null },
          replay: { status: null, logId: null, error: problem },
        })
        continue
      }
      const id = ids.shift() as string
      const original = this.deps.log.get(id)
      const originalSide = { status: original.status ?? 0, logId: id }
      const why = notReplayed(original.purpose, base.path, env)
      if (why) {
        entries.push({ ...base, outcome: 'skipped', original: originalSide, replay: { status: null, logId: null }, reason: why })
        continue
      }
      try {
        const result = await this.deps.workbench.resend(id, { envId: env.id, signal })
        const comparison = this.deps.workbench.compare(id, result.view.logId)
        const outcome = !comparison.status.equal ? 'different-status' : comparison.responseBody.equal ? 'same' : 'different-body'
        entries.push({ ...base, outcome, original: originalSide, replay: { status: result.view.status, logId: result.view.logId } })
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error)
        entries.push({ ...base, outcome: 'failed', original: originalSide, replay: { status: null, logId: null, error: message } })
      }
      this.deps.bus.emit('support:replayProgress', { done: index + 1, total: harEntries.length })
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
