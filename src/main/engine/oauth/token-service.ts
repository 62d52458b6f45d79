import type { TokenView } from '../../../shared/contract'
import { ConsoleError } from '../core/console-error'
import type { EventBus } from '../core/event-bus'
import type { ResolvedEnvironment, TokenProvider } from '../core/ports'
import type { SecretRegistry } from '../core/secret-registry'
import { environmentIdOfKey, tokensKey, type Vault } from '../vault/vault'
import { LifecycleTracker } from './lifecycle-tracker'
import type { TokenClient, TokenGrant } from './token-client'
import { isExpired, parseTokenSet, type TokenSet, tokenSetFromGrant, tokenView } from './token-set'

/** A token produced by a refresh this recently and already refused again is not refreshed a second time. */
const FRESH_TOKEN_GUARD_MS = 5_000
const MAX_TIMER_MS = 2 ** 31 - 1

/** What the token service needs to know about environments. */
interface TokenEnvironments {
  get(id: string): Promise<ResolvedEnvironment>
  tokenPersistence(id: string): { persist: boolean; note: string | null }
}

interface TokenServiceDeps {
  vault: Vault
  secrets: SecretRegistry
  bus: EventBus
  environments: TokenEnvironments
  client: TokenClient
  now?: () => number
}

/**
 * Each environment's tokens: kept encrypted in the vault (in memory only for the built-in sandbox, or when
 * unprotected storage was not accepted), shown masked, revealed only on request. Implements TokenProvider for the
 * executor: `refreshAfter401` is single-flight per environment (concurrent 401s share one refresh request), refreshes
 * at most once per refused token, and reports why a refresh failed; it never loops.
 */
export class TokenService implements TokenProvider {
  private readonly sets = new Map<string, TokenSet>()
  private readonly refreshing = new Map<string, Promise<string>>()
  private readonly lastRefresh = new Map<string, { token: string; at: number }>()
  private readonly timers = new Map<string, NodeJS.Timeout>()
  private readonly now: () => number
  readonly lifecycle: LifecycleTracker

  constructor(private readonly deps: TokenServiceDeps) {
    this.now = deps.now ?? Date.now
    this.lifecycle = new LifecycleTracker(deps.bus, this.now)
  }

  /** Loads the persisted token sets (values registered for redaction first); returns the keys that were not token sets. */
  loadFromVault(): string[] {
    const bad: string[] = []
    for (const key of this.deps.vault.keys()) {
      const envId = environmentIdOfKey(key)
      if (!envId || key !== tokensKey(envId) || this.deps.vault.isUnreadable(key)) continue
      const set = parseTokenSet(this.deps.vault.get(key) ?? '')
      if (!set) {
        bad.push(key)
        continue
      }
      this.deps.secrets.add(set.accessToken, 'access_token')
      this.deps.secrets.add(set.refreshToken, 'refresh_token')
      this.sets.set(envId, set)
      this.syncLifecycle(envId, 'loaded', { silent: true })
    }
    return bad
  }

  async accessToken(envId: string): Promise<string> {
    const set = this.sets.get(envId)
    if (!set) {
      throw new ConsoleError('unauthorized', 'There is no access token for this environment yet.', {
        hint: 'Authorize first (OAuth → Authorize): the merchant signs in and allows access, then the console exchanges the code.',
      })
    }
    return set.accessToken
  }

  async refreshAfter401(envId: string, failedToken: string): Promise<string> {
    this.deps.secrets.add(failedToken, 'access_token')
    const set = this.sets.get(envId)
    if (!set) return this.accessToken(envId)
    if (set.accessToken !== failedToken) return set.accessToken
    const inflight = this.refreshing.get(envId)
    if (inflight) return inflight
    const last = this.lastRefresh.get(envId)
    if (last && last.token === failedToken && this.now() - last.at < FRESH_TOKEN_GUARD_MS) {
      throw new ConsoleError(
        'unauthorized',
        'The server refused an access token that was refreshed moments ago, so the console did not refresh again.',
        {
          hint: 'The grant was probably revoked, or the token is used against the wrong environment or client. Authorize again.',
          details: { cause: 'fresh-token-refused' },
        },
      )
    }
    this.markExpired(envId, '401')
    return this.refresh(envId)
  }

  /** Refreshes now (oauth:refresh or after a 401); concurrent callers share one request. */
  refresh(envId: string): Promise<string> {
    const existing = this.refreshing.get(envId)
    if (existing) return existing
    const run = (async () => {
      const set = this.sets.get(envId)
      if (!set?.refreshToken) {
        throw new ConsoleError('unauthorized', 'The access token cannot be refreshed: there is no refresh token.', {
          hint: 'Authorize again.',
          details: { cause: 'no-refresh-token' },
        })
      }
      const env = await this.deps.environments.get(envId)
      let grant: TokenGrant
      try {
        grant = await this.deps.client.refresh(env, set.refreshToken)
      } catch (error) {
        const current = this.sets.get(envId)
        if (current) this.lifecycle.set(envId, 'access-token-expired', 'refresh-failed', current.expiresAt)
        throw error
      }
      await this.storeGrant(envId, grant, 'refresh')
      this.lastRefresh.set(envId, { token: grant.accessToken, at: this.now() })
      return grant.accessToken
    })()
    this.refreshing.set(envId, run)
    run.finally(() => this.refreshing.delete(envId)).catch(() => {})
    return run
  }

  /** Records a grant: computes the expiry, persists when allowed, announces the new state. */
  async storeGrant(envId: string, grant: TokenGrant, via: 'exchange' | 'refresh'): Promise<TokenView> {
    this.deps.secrets.add(grant.accessToken, 'access_token')
    this.deps.secrets.add(grant.refreshToken, 'refresh_token')
    const set = tokenSetFromGrant(grant, via, this.sets.get(envId), this.now())
    this.sets.set(envId, set)
    await this.persist(envId)
    this.syncLifecycle(envId, via === 'exchange' ? 'token-exchange' : 'refresh')
    return this.announce(envId)
  }

  /** The server said the access token is expired (a 401, or the sandbox operator expired it or moved its clock). */
  markExpired(envId: string, trigger: string): void {
    const set = this.sets.get(envId)
    if (!set || set.expiredObservedAt !== null) return
    set.expiredObservedAt = this.now()
    this.syncLifecycle(envId, trigger)
    this.announce(envId)
  }

  /** Marks the token expired when a server clock (e.g. the sandbox's, moved by the operator) is past its expiry. */
  observeServerTime(envId: string, serverNowMs: number): void {
    const set = this.sets.get(envId)
    if (set && serverNowMs >= set.expiresAt) this.markExpired(envId, 'lifetime-elapsed')
  }

  /** The current token values (engine use: the sandbox controls target "the current token"). */
  current(envId: string): { accessToken: string; refreshToken: string | null } | null {
    const set = this.sets.get(envId)
    return set ? { accessToken: set.accessToken, refreshToken: set.refreshToken } : null
  }

  view(envId: string): TokenView {
    const set = this.sets.get(envId)
    let persistence: { persist: boolean; note: string | null }
    try {
      persistence = this.deps.environments.tokenPersistence(envId)
    } catch {
      persistence = { persist: false, note: null }
    }
    return tokenView(envId, set, this.now(), this.lifecycle.get(envId).state, {
      persist: persistence.persist && !!set,
      note: persistence.note,
    })
  }

  /** The plain token, for an explicit reveal/copy by the user. */
  reveal(envId: string, kind: 'access' | 'refresh'): string {
    const set = this.sets.get(envId)
    const value = kind === 'access' ? set?.accessToken : set?.refreshToken
    if (!value) throw new ConsoleError('not_found', `There is no ${kind} token for this environment.`, { hint: 'Authorize first.' })
    return value
  }

  /** Drops an environment's tokens from memory and the vault. */
  async forget(envId: string, trigger = 'forget'): Promise<TokenView> {
    this.sets.delete(envId)
    this.lastRefresh.delete(envId)
    this.clearTimer(envId)
    await this.deps.vault.delete(tokensKey(envId))
    this.lifecycle.set(envId, 'no-authorization', trigger, null)
    return this.announce(envId)
  }

  /** Brings the lifecycle in line with the tokens (valid, expired, or none). */
  syncLifecycle(envId: string, trigger: string, options: { silent?: boolean } = {}): void {
    const set = this.sets.get(envId)
    this.clearTimer(envId)
    if (!set) {
      this.lifecycle.set(envId, 'no-authorization', trigger, null, options)
      return
    }
    if (isExpired(set, this.now())) {
      this.lifecycle.set(
        envId,
        'access-token-expired',
        set.expiredObservedAt !== null ? trigger : 'lifetime-elapsed',
        set.expiresAt,
        options,
      )
      return
    }
    this.lifecycle.set(envId, 'access-token-valid', trigger, set.expiresAt, options)
    const timer = setTimeout(
      () => {
        this.timers.delete(envId)
        if (this.sets.get(envId) !== set) return
        this.syncLifecycle(envId, 'lifetime-elapsed')
        this.announce(envId)
      },
      Math.min(MAX_TIMER_MS, Math.max(0, set.expiresAt - this.now())),
    )
    timer.unref()
    this.timers.set(envId, timer)
  }

  private announce(envId: string): TokenView {
    const view = this.view(envId)
    this.deps.bus.emit('oauth:tokensChanged', view)
    return view
  }

  private async persist(envId: string): Promise<void> {
    const set = this.sets.get(envId)
    const { persist } = this.deps.environments.tokenPersistence(envId)
    if (persist && set) await this.deps.vault.set(tokensKey(envId), JSON.stringify(set))
    else if (this.deps.vault.has(tokensKey(envId))) await this.deps.vault.delete(tokensKey(envId))
  }

  private clearTimer(envId: string): void {
    const t = this.timers.get(envId)
    if (t) clearTimeout(t)
    this.timers.delete(envId)
  }

  /** Stops the expiry timers (shutdown). */
  close(): void {
    for (const envId of [...this.timers.keys()]) this.clearTimer(envId)
  }
}
