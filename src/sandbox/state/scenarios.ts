import type { ClientRegistry } from '../auth/client-registry'
import type { TokenRecord, TokenStore } from '../auth/token-store'
import { findScenario, type ScenarioInfo, scenarioNames } from '../data/scenario-catalog'
import { PERMISSION_READ_LOCATIONS } from '../data/seed-data'
import type { FaultInjector } from './fault-injector'
import type { RateLimiter } from './rate-limiter'
import type { SandboxClock } from './sandbox-clock'

/** Calls whose quota `quota-exhausted` uses up (method, routing key). */
const EXHAUSTED_KEYS: Array<[string, string]> = [
  ['GET', '/marketplace/v2/platform-token/locations'],
  ['GET', '/api/v1/locations'],
  ['POST', '/marketplace/v2/platform-token/installations'],
]
const SKEW_MS = 30_000
const SLOW_MS = 2_500

/** What the controller changes; the parts of the state it touches. */
interface ScenarioTargets {
  clock: SandboxClock
  tokens: TokenStore
  limiter: RateLimiter
  clients: ClientRegistry
  faults: FaultInjector
}

/** The operator view of the scenario in force. */
interface ScenarioStatus {
  active: string | null
  /** What applying it changed right now (counts, ids), for the operator's answer. */
  changes: string[]
}

/** Thrown for an unknown scenario name; the message lists the known ones. */
export class UnknownScenarioError extends Error {}

/**
 * Puts the sandbox into one named state a merchant reports (scenario-catalog.ts), and takes it out again. One scenario
 * is active at a time; applying another first undoes the current one. Effects that last (tokens of new code exchanges
 * born expired, the consent page's unticked permission) are read by the token route and the authorize pages through
 * the three questions below; the rest is done once through the state's own operator abilities and undone on clear.
 */
export class ScenarioController {
  private current: ScenarioInfo | null = null
  private undo: Array<() => void> = []
  private expireNewAccess = false
  private revokeNewRefresh = false
  private grantOnly: string[] | null = null

  constructor(private readonly t: ScenarioTargets) {}

  get active(): string | null {
    return this.current?.name ?? null
  }

  /** Applies a scenario by name (undoing the current one first). */
  apply(name: string): ScenarioStatus {
    const info = findScenario(name)
    if (!info) throw new UnknownScenarioError(`Unknown scenario "${name}". Known scenarios: ${scenarioNames()}.`)
    this.clear()
    this.current = info
    return { active: info.name, changes: this.enter(info.name) }
  }

  /** Undoes the active scenario (clock back, faults removed, redirect URIs restored, quotas reset). */
  clear(): ScenarioStatus {
    const changes = this.current ? [`cleared ${this.current.name}`] : []
    for (const step of this.undo.reverse()) step()
    this.undo = []
    this.expireNewAccess = false
    this.revokeNewRefresh = false
    this.grantOnly = null
    this.current = null
    return { active: null, changes }
  }

  /** Called by the token route after a code exchange answered: the server-side fate of the new pair. */
  afterCodeExchange(access: TokenRecord, refresh: TokenRecord): void {
    if (this.expireNewAccess) access.expiresAt = this.t.clock.now()
    if (this.revokeNewRefresh) refresh.revoked = true
  }

  /** The permissions the merchant grants (auto-consent) or finds ticked (consent page) out of those requested. */
  grantedByDefault(requested: readonly string[]): string[] {
    const only = this.grantOnly
    return only ? requested.filter(p => only.includes(p)) : [...requested]
  }

  private enter(name: string): string[] {
    const { clock, tokens, limiter, clients, faults } = this.t
    switch (name) {
      case 'access-token-expired':
        this.expireNewAccess = true
        return [`${tokens.expire()} access token(s) expired`]
      case 'refresh-token-revoked': {
        this.expireNewAccess = true
        this.revokeNewRefresh = true
        const expired = tokens.expire()
        let revoked = 0
        for (const record of tokens.list()) {
          if (record.kind === 'refresh' && !record.revoked) {
            record.revoked = true
            revoked++
          }
        }
        return [`${expired} access token(s) expired`, `${revoked} refresh token(s) revoked`]
      }
      case 'clock-ahead-30s':
      case 'clock-behind-30s': {
        const ms = name === 'clock-ahead-30s' ? SKEW_MS : -SKEW_MS
        clock.advance(ms)
        this.undo.push(() => clock.advance(-ms))
        return [`clock moved ${ms > 0 ? '+' : '−'}30 s`]
      }
      case 'quota-exhausted': {
        let keys = 0
        for (const client of clients.list()) {
          for (const [method, path] of EXHAUSTED_KEYS) {
            limiter.exhaust(client.clientId, method, path)
            keys++
          }
        }
        this.undo.push(() => limiter.reset())
        return [`${keys} quota key(s) used up`]
      }
      case 'redirect-uri-mismatch': {
        const saved = clients.list().map(c => ({ client: c, uris: [...c.redirectUris] }))
        for (const { client } of saved) client.redirectUris = client.redirectUris.map(u => (u.endsWith('/') ? u.slice(0, -1) : `${u}/`))
        this.undo.push(() => {
          for (const { client, uris } of saved) client.redirectUris = uris
        })
        return [`${saved.length} client(s) now registered with a different trailing slash`]
      }
      case 'partial-consent':
        this.grantOnly = [PERMISSION_READ_LOCATIONS]
        return ['new authorizations grant read:locations only']
      case 'flaky-503': {
        const ids = [faults.add({ path: '/marketplace/**', status: 503, every: 2 }), faults.add({ path: '/api/**', status: 503, every: 2 })]
        this.undo.push(() => faults.remove(ids))
        return [`faults ${ids.map(id => `#${id}`).join(', ')}: 503 on every other API call`]
      }
      case 'slow-responses': {
        const id = faults.add({ path: '/**', latencyMs: SLOW_MS })
        this.undo.push(() => faults.remove([id]))
        return [`fault #${id}: ${SLOW_MS} ms on every call`]
      }
      default:
        throw new UnknownScenarioError(`Scenario "${name}" has no effect defined.`)
    }
  }
}
