import type { EventBus } from '../engine/core/event-bus'
import { effectivePaths } from '../engine/environments/environment-record'
import type { EnvironmentRepository } from '../engine/environments/environment-repository'
import { summarize } from '../engine/log/network-log'
import type { TokenService } from '../engine/oauth/token-service'
import { FirstRunChecklist } from '../engine/onboarding/first-run-checklist'
import type { HttpClientLayer } from './http-client-layer'

interface FirstRunDeps {
  dataDir: string
  bus: EventBus
  layer: HttpClientLayer
  environments: EnvironmentRepository
  tokens: TokenService
  /** The built-in sandbox runs (so the built-in environment can answer). */
  sandboxRunning: boolean
}

/**
 * Builds the first-run checklist over the engine's facts and keeps it following them: a finished exchange of the
 * console's own, a token change or an environment switch re-reads the facts, and each new tick goes to the screen as
 * `firstRun:changed`. Returns the checklist and `close`, which stops listening and waits for its last write.
 */
export function buildFirstRun(d: FirstRunDeps): { checklist: FirstRunChecklist; close: () => Promise<void> } {
  const own = () => d.layer.log.entries().filter(e => e.source === 'console' && !e.imported)
  const checklist = new FirstRunChecklist(
    d.dataDir,
    {
      activeEnvironment: () => {
        const id = d.environments.activeId()
        if (!id) return null
        const record = d.environments.record(id)
        const answered = own().some(e => e.envId === id && e.status !== null)
        return { id, name: record.name, ready: record.builtIn ? d.sandboxRunning : answered }
      },
      hasToken: envId => d.tokens.current(envId) !== null,
      locationsPath: envId => {
        try {
          return effectivePaths(d.environments.record(envId)).locations
        } catch {
          return null
        }
      },
      exchanges: () => own().map(summarize),
    },
    status => d.bus.emit('firstRun:changed', status),
  )
  const recheck = () => void checklist.recheck().catch(() => undefined)
  const stops = [
    // Imported entries (a HAR, a bundle's replay) are not the console's own exchanges: they never tick a step.
    d.bus.on('log:entry', e => {
      if (e.state === 'done' && e.source === 'console' && !e.imported) recheck()
    }),
    d.bus.on('oauth:tokensChanged', recheck),
    d.bus.on('environments:changed', recheck),
  ]
  const close = async () => {
    for (const stop of stops.splice(0)) stop()
    await checklist.idle()
  }
  return { checklist, close }
}
