import type { QuotaBlockedEvent, QuotaConfig, QuotaKeyState, QuotaLimitSource } from '../../../shared/contract'
import { ConsoleError } from '../core/console-error'
import { isoAt as iso } from '../core/iso-now'
import { KeyLedger } from './key-ledger'
import type { QuotaKey } from './quota-key'
import { QuotaLimits } from './quota-limits'
import { readQuotaHeaders } from './ratelimit-headers'

/** Wait after a 429 without Retry-After: the spec's reference handler uses 60 s. */
const DEFAULT_RETRY_AFTER_SECONDS = 60
const MAX_NOTES = 5

interface QuotaTrackerOptions {
  limits?: QuotaLimits
  onUpdate?: (state: QuotaKeyState) => void
  onBlocked?: (event: QuotaBlockedEvent) => void
  now?: () => number
  /** Keys kept; the least recently used is forgotten first (default 500). */
  maxKeys?: number
}

/** A response as the tracker reads it: status, headers by lower-case name, when it arrived. */
type QuotaResponse = { status: number; headers: Parameters<typeof readQuotaHeaders>[0]; receivedAt?: number }

/** A request counted by `recordSend`, handed back with its outcome. */
interface SendTicket {
  key: QuotaKey
  at: number
}

interface KeyState {
  key: QuotaKey
  ledger: KeyLedger
  serverLimit?: number
  limitSource: QuotaLimitSource
  windowSeconds?: number
  serverRemaining?: number
  serverObservedAt?: number
  /** The ledger's `added` when the server's last `remaining` arrived: sends after it are not in that number. */
  serverObservedSeq?: number
  serverResetAt?: number
  /** Requests the server counted that the ledger does not know (other tools, earlier sessions). */
  unknownUsed: number
  unknownUntil: number
  blockedUntil: number
  blockedBy: { seconds: number; source: QuotaBlockedEvent['source'] } | null
  /** "Send anyway" was chosen: the ledger's "spent" does not refuse until the server answers again. */
  forcedUntilAnswer: boolean
  unblockTimer?: NodeJS.Timeout
  lastStatus: number | null
  /** Replaced, never changed in place: a description hands it out as it is (no copy per response). */
  notes: string[]
  /** In `pendingUpdates`: its coalesced `quota:update` is due (a flag, not a Set lookup per captured exchange). */
  pending: boolean
  /** The last `nextUnitAt` formatted and its time: it moves only when the oldest request leaves the window. */
  nextUnitMs: number
  nextUnitText: string
  updatedAt: number
  /** Bumped by every change of the state (a send, a response, a block): a description of an older one is stale. */
  version: number
  /**
   * The last description, reused while nothing changed and no time it depends on has passed: made for `version` at
   * `describedAt`, true until `describedUntil` (ms), when time alone would change it. Fields, not an object per response.
   */
  described: QuotaKeyState | null
  describedVersion: number
  describedAt: number
  describedUntil: number
}

/**
 * Rate-limit quotas per (client, METHOD, path) key (docs/api.md#limits). It combines what the server says (X-RateLimit-*,
 * Retry-After, IETF RateLimit) with a ledger of this console's own requests in the rolling window, so it predicts the
 * remaining quota and when the next unit returns before the server says so. After a 429 it blocks the key until
 * Retry-After (60 s when absent) passes; `gate` enforces that and warns when the ledger says the quota is spent.
 */
export class QuotaTracker {
  readonly limits: QuotaLimits
  private readonly keys = new Map<string, KeyState>()
  private readonly now: () => number
  private readonly maxKeys: number
  /** The most recently used key (already last in `keys`, so touching it again needs no reordering). */
  private lastTouched: KeyState | null = null
  /** Keys observed by `observeWatched` whose `quota:update` is due at the end of this event-loop turn. */
  private pendingUpdates: KeyState[] = []
  /** The other of the two pending lists: a flush takes the full one and empties it for the next (no array per turn). */
  private spareUpdates: KeyState[] = []
  private flushTimer: NodeJS.Immediate | null = null
  private readonly flush = () => this.flushUpdates()

  constructor(private readonly options: QuotaTrackerOptions = {}) {
    this.limits = options.limits ?? new QuotaLimits()
    this.now = options.now ?? Date.now
    this.maxKeys = options.maxKeys ?? 500
  }

  /**
   * Throws ConsoleError('rate_limited') when the key is blocked after a 429, or (with `warnSpent`) when the ledger says
   * the quota is spent. `details.reason` is `blocked` or `quota_spent`; `force` skips both checks.
   */
  gate(key: QuotaKey, options: { force?: boolean; warnSpent?: boolean } = {}): void {
    if (options.force) {
      // "Send anyway" holds until the next server answer: a second send (or an attempt after a token refresh) before
      // the server has spoken is not refused by the same prediction the user just overrode.
      this.touch(key).forcedUntilAnswer = true
      return
    }
    const s = this.keys.get(key.id)
    const now = this.now()
    const blockedMs = this.blockedMs(key)
    if (blockedMs > 0) {
      const seconds = Math.ceil(blockedMs / 1000)
      throw new ConsoleError(
        'rate_limited',
        `${key.method} ${key.path} is blocked for ${seconds} s more: the server answered 429 Too Many Requests.`,
        {
          hint: 'Wait for the countdown to end, turn on automatic retry, or send with force to try anyway.',
          details: { reason: 'blocked', key: key.id, until: new Date(now + blockedMs).toISOString(), secondsLeft: seconds },
        },
      )
    }
    if (options.warnSpent && s && !s.forcedUntilAnswer && this.predicted(s, now) <= 0) {
      const state = this.describe(s, now)
      const wait = state.nextUnitAt ? Math.max(0, Math.ceil((Date.parse(state.nextUnitAt) - now) / 1000)) : null
      throw new ConsoleError(
        'rate_limited',
        `The quota of ${key.method} ${key.path} looks spent: ${spentBecause(s, state, now, this.serverPrediction(s, now) !== null)}${wait === null ? '' : `; the next unit returns in ${wait} s`}.`,
        {
          hint: 'Send with force to send anyway (the server will probably answer 429), or wait for the next unit.',
          details: { reason: 'quota_spent', key: key.id, state },
        },
      )
    }
  }

  /** Milliseconds the key stays blocked after a 429 (0 when it is not blocked). */
  blockedMs(key: QuotaKey): number {
    const s = this.keys.get(key.id)
    return s ? Math.max(0, s.blockedUntil - this.now()) : 0
  }

  /** Counts one request in the ledger at the moment it is sent. */
  recordSend(key: QuotaKey): SendTicket {
    const s = this.touch(key)
    const at = this.now()
    s.ledger.add(at)
    s.version++
    return { key, at }
  }

  /**
   * Reads a response's quota headers for the request of `ticket`. A 429 un-counts that request (the server does not
   * count refused requests), blocks the key and emits `quota:blocked`. Returns the key's state after the response.
   */
  observe(ticket: SendTicket, response: QuotaResponse): QuotaKeyState {
    return this.emitUpdate(this.apply(ticket, response))
  }

  /**
   * `observe` for traffic the console only watches (captured exchanges): the state is updated at once (`state`, `list`
   * and `gate` see it), but `quota:update` is emitted once per key per event-loop turn, with the key's state at that
   * moment: a burst of captured exchanges costs one state description per key, not one per exchange, and a gauge
   * still ends on the latest state.
   */
  observeWatched(ticket: SendTicket, response: QuotaResponse): void {
    const s = this.apply(ticket, response)
    if (!s.pending) {
      s.pending = true
      this.pendingUpdates.push(s)
    }
    this.flushTimer ??= setImmediate(this.flush)
  }

  private apply(ticket: SendTicket, response: QuotaResponse): KeyState {
    const s = this.touch(ticket.key)
    s.version++
    const receivedAt = response.receivedAt ?? this.now()
    const obs = readQuotaHeaders(response.headers, receivedAt)
    for (const note of obs.notes) this.note(s, note)
    s.lastStatus = response.status
    s.forcedUntilAnswer = false
    if (obs.limit !== undefined) {
      s.serverLimit = obs.limit
      s.limitSource = obs.limitSource ?? 'server'
    }
    if (obs.windowSeconds !== undefined && obs.windowSeconds > 0) s.windowSeconds = obs.windowSeconds
    if (obs.resetSeconds !== undefined) s.serverResetAt = receivedAt + obs.resetSeconds * 1000
    if (response.status === 429) {
      s.ledger.remove(ticket.at)
      const seconds = obs.retryAfterSeconds ?? DEFAULT_RETRY_AFTER_SECONDS
      this.block(s, receivedAt, seconds, obs.retryAfterSeconds === undefined ? 'default' : 'retry-after')
    }
    if (obs.remaining !== undefined) {
      s.serverRemaining = obs.remaining
      s.serverObservedAt = receivedAt
      s.serverObservedSeq = s.ledger.added
      const ledgerRemaining = this.limitOf(s) - s.ledger.count(receivedAt, this.windowMs(s))
      const unknown = ledgerRemaining - obs.remaining
      s.unknownUsed = Math.max(0, unknown)
      s.unknownUntil = unknown > 0 ? receivedAt + this.windowMs(s) : 0
    }
    s.updatedAt = receivedAt
    return s
  }

  private flushUpdates(): void {
    this.flushTimer = null
    const due = this.pendingUpdates
    // Keys observed again by a listener below go to the other list and the next turn's flush.
    this.pendingUpdates = this.spareUpdates
    for (const s of due) s.pending = false
    // A key reset or forgotten since has already said so (reset emits its fresh state): its old state is not sent.
    try {
      for (const s of due) if (this.keys.get(s.key.id) === s) this.emitUpdate(s)
    } finally {
      due.length = 0
      this.spareUpdates = due
    }
  }

  /** No response arrived: the request stays counted (the server may have counted it). */
  recordFailure(ticket: SendTicket): void {
    const s = this.keys.get(ticket.key.id)
    if (s) this.emitUpdate(s)
  }

  state(key: QuotaKey): QuotaKeyState {
    const s = this.keys.get(key.id)
    return s ? this.describe(s, this.now()) : this.describe(this.fresh(key), this.now())
  }

  list(): QuotaKeyState[] {
    const now = this.now()
    return [...this.keys.values()].map(s => this.describe(s, now))
  }

  /** Forgets the ledger, server observations and blocks of one key or of all; returns how many keys were cleared. */
  reset(keyId?: string): number {
    const targets = keyId === undefined ? [...this.keys.values()] : [this.keys.get(keyId)].filter(s => s !== undefined)
    for (const s of targets) {
      clearTimeout(s.unblockTimer)
      this.keys.delete(s.key.id)
      if (this.lastTouched === s) this.lastTouched = null
      this.emitUpdate(this.fresh(s.key))
    }
    return targets.length
  }

  configure(change: Partial<Omit<QuotaConfig, 'specRules'>>): QuotaConfig {
    return this.limits.update(change)
  }

  /** Stops the unblock timers (runtime shutdown). */
  close(): void {
    for (const s of this.keys.values()) clearTimeout(s.unblockTimer)
    if (this.flushTimer) clearImmediate(this.flushTimer)
    this.flushTimer = null
    for (const s of this.pendingUpdates) s.pending = false
    this.pendingUpdates.length = 0
  }

  private block(s: KeyState, receivedAt: number, seconds: number, source: QuotaBlockedEvent['source']): void {
    s.version++
    s.blockedUntil = Math.max(s.blockedUntil, receivedAt + seconds * 1000)
    s.blockedBy = { seconds: Math.ceil((s.blockedUntil - receivedAt) / 1000), source }
    clearTimeout(s.unblockTimer)
    const delay = Math.max(0, s.blockedUntil - this.now())
    s.unblockTimer = setTimeout(() => {
      s.unblockTimer = undefined
      if (this.keys.get(s.key.id) === s) this.emitUpdate(s)
    }, delay + 5)
    s.unblockTimer.unref?.()
    this.options.onBlocked?.({
      key: s.key.id,
      clientId: s.key.clientId,
      method: s.key.method,
      path: s.key.path,
      until: new Date(s.blockedUntil).toISOString(),
      seconds: Math.ceil((s.blockedUntil - receivedAt) / 1000),
      source,
    })
  }

  /**
   * Remaining quota: the server's latest word wins. While its last `remaining` is still current (inside the window
   * and before the reset it announced), the prediction is that number less the requests sent since; only without one
   * does the ledger alone predict (limit − own requests − requests the server counted that the ledger did not).
   */
  private predicted(s: KeyState, now: number): number {
    const limit = this.limitOf(s)
    const server = this.serverPrediction(s, now)
    if (server !== null) return Math.max(0, Math.min(limit, server))
    const used = s.ledger.count(now, this.windowMs(s))
    const unknown = now < s.unknownUntil ? s.unknownUsed : 0
    return Math.max(0, Math.min(limit, limit - used - unknown))
  }

  /** The server's last `remaining` less this console's requests sent after it, or null when it no longer applies. */
  private serverPrediction(s: KeyState, now: number): number | null {
    if (s.serverRemaining === undefined || s.serverObservedAt === undefined || s.serverObservedSeq === undefined) return null
    if (now - s.serverObservedAt >= this.windowMs(s)) return null
    if (s.serverResetAt !== undefined && now >= s.serverResetAt) return null
    return s.serverRemaining - (s.ledger.added - s.serverObservedSeq)
  }

  /**
   * The key's state as the UI, the events and the exchange view show it. The last description is handed out again
   * while it is still true: same state version, same limit and window (the configuration may change them), and no
   * moment it depends on (a request leaving the window, the server's word expiring, a block ending, the minute of the
   * history) has passed since.
   */
  private describe(s: KeyState, now: number): QuotaKeyState {
    const windowMs = this.windowMs(s)
    const limit = this.limitOf(s)
    const d = s.described
    if (
      d &&
      s.describedVersion === s.version &&
      s.describedAt <= now &&
      now < s.describedUntil &&
      d.limit === limit &&
      d.windowSeconds * 1000 === windowMs
    ) {
      return d
    }
    const used = s.ledger.count(now, windowMs)
    const unknown = now < s.unknownUntil ? s.unknownUsed : 0
    const predicted = this.predicted(s, now)
    const oldest = s.ledger.oldest()
    let nextUnit: number | null = oldest === undefined ? null : oldest + windowMs
    if (unknown > 0 && (nextUnit === null || s.unknownUntil < nextUnit)) nextUnit = s.unknownUntil
    if (s.serverResetAt !== undefined && s.serverResetAt > now && (nextUnit === null || s.serverResetAt < nextUnit)) {
      nextUnit = s.serverResetAt
    }
    const state: QuotaKeyState = {
      key: s.key.id,
      clientId: s.key.clientId,
      method: s.key.method,
      path: s.key.path,
      limit,
      limitSource: s.serverLimit === undefined ? 'table' : s.limitSource,
      windowSeconds: windowMs / 1000,
      serverRemaining: s.serverRemaining ?? null,
      serverObservedAt: s.serverObservedAt === undefined ? null : iso(s.serverObservedAt),
      used,
      predictedRemaining: predicted,
      nextUnitAt: nextUnit === null ? null : this.nextUnitText(s, nextUnit),
      retryAfterUntil: s.blockedUntil > now ? iso(s.blockedUntil) : null,
      retryAfter: s.blockedUntil > now ? s.blockedBy : null,
      history: s.ledger.history(now),
      lastStatus: s.lastStatus,
      notes: s.notes,
      updatedAt: iso(s.updatedAt),
    }
    s.described = state
    s.describedVersion = s.version
    s.describedAt = now
    s.describedUntil = this.changesAt(s, now, windowMs, oldest)
    return state
  }

  /** The first moment after `now` at which the description changes by time alone (the earliest of what it reads). */
  private changesAt(s: KeyState, now: number, windowMs: number, oldest: number | undefined): number {
    let until = (Math.floor(now / 60_000) + 1) * 60_000
    if (oldest !== undefined) until = sooner(until, oldest + windowMs, now)
    until = sooner(until, s.unknownUntil, now)
    if (s.serverResetAt !== undefined) until = sooner(until, s.serverResetAt, now)
    if (s.serverObservedAt !== undefined) until = sooner(until, s.serverObservedAt + windowMs, now)
    return sooner(until, s.blockedUntil, now)
  }

  /** `nextUnit` as ISO text, formatted again only when it moved (isoAt keeps one time; a state formats two or three). */
  private nextUnitText(s: KeyState, nextUnit: number): string {
    if (s.nextUnitMs !== nextUnit) {
      s.nextUnitText = iso(nextUnit)
      s.nextUnitMs = nextUnit
    }
    return s.nextUnitText
  }

  private emitUpdate(s: KeyState): QuotaKeyState {
    const state = this.describe(s, this.now())
    this.options.onUpdate?.(state)
    return state
  }

  private limitOf(s: KeyState): number {
    return s.serverLimit ?? this.limits.limitFor(s.key.method, s.key.path)
  }

  private windowMs(s: KeyState): number {
    return (s.windowSeconds ?? this.limits.windowSeconds) * 1000
  }

  private note(s: KeyState, note: string): void {
    s.notes = s.notes.length < MAX_NOTES ? [...s.notes, note] : [...s.notes.slice(1 - MAX_NOTES), note]
  }

  private touch(key: QuotaKey): KeyState {
    let s = this.keys.get(key.id)
    if (s && this.lastTouched === s) return s
    if (s) {
      this.keys.delete(key.id)
    } else {
      s = this.fresh(key)
      if (this.keys.size >= this.maxKeys) {
        const oldest = this.keys.values().next().value
        if (oldest) {
          clearTimeout(oldest.unblockTimer)
          this.keys.delete(oldest.key.id)
        }
      }
    }
    this.keys.set(key.id, s)
    this.lastTouched = s
    return s
  }

  private fresh(key: QuotaKey): KeyState {
    return {
      key,
      ledger: new KeyLedger(),
      limitSource: 'table',
      unknownUsed: 0,
      unknownUntil: 0,
      blockedUntil: 0,
      blockedBy: null,
      forcedUntilAnswer: false,
      lastStatus: null,
      notes: [],
      pending: false,
      nextUnitMs: Number.NaN,
      nextUnitText: '',
      updatedAt: this.now(),
      version: 0,
      described: null,
      describedVersion: -1,
      describedAt: 0,
      describedUntil: 0,
    }
  }
}

/** `until`, or `t` when it comes after `now` and before it. */
function sooner(until: number, t: number, now: number): number {
  return t > now && t < until ? t : until
}

/** Why the prediction is zero, from whichever source decided it (the server's last word, or the ledger). */
function spentBecause(s: KeyState, state: QuotaKeyState, now: number, serverDecided: boolean): string {
  if (serverDecided && s.serverRemaining !== undefined && s.serverObservedAt !== undefined) {
    const since = s.ledger.added - (s.serverObservedSeq ?? s.ledger.added)
    const ago = Math.round((now - s.serverObservedAt) / 1000)
    return `the server's last answer (${ago} s ago) said ${s.serverRemaining} remained${since > 0 ? `, and ${since} sent since` : ''}`
  }
  return `${state.used} of ${state.limit} requests in the last ${Math.round(state.windowSeconds / 60)} minutes`
}
