import { z } from 'zod'
import { event, invoke, lazySchema } from './define'

// The `quota:*` channels and events: per (client, METHOD, path) rate-limit gauges built from the server's headers and
// the console's own ledger of requests in the rolling window (docs/api.md#limits).

/** Where the limit in force comes from: the last X-RateLimit-Limit, an IETF RateLimit-Policy, or the spec table. */
export type QuotaLimitSource = 'server' | 'ietf' | 'table'

export interface QuotaKeyState {
  /** `clientId METHOD /path` (path lower-cased, without query or trailing slash: the server's counting key). */
  key: string
  clientId: string
  method: string
  path: string
  limit: number
  limitSource: QuotaLimitSource
  windowSeconds: number
  /** The last X-RateLimit-Remaining (or IETF remaining) the server sent, and when. */
  serverRemaining: number | null
  serverObservedAt: string | null
  /** This console's requests counted in the rolling window right now (the ledger). */
  used: number
  /** Remaining quota predicted from the ledger (and the server's last word), before the server says so. */
  predictedRemaining: number
  /** When the oldest counted request leaves the window, giving one unit back (null when nothing is counted). */
  nextUnitAt: string | null
  /** Set while the key is blocked after a 429: no request is sent before this time (unless forced). */
  retryAfterUntil: string | null
  /** While blocked: how long the server asked to wait, and whether it said so (`retry-after`) or the 60 s default applies. */
  retryAfter: { seconds: number; source: 'retry-after' | 'default' } | null
  /** Requests sent per minute over the last 60 minutes, oldest first (the sparkline). */
  history: number[]
  lastStatus: number | null
  /** Why a header was ignored (malformed, huge), newest last. */
  notes: string[]
  updatedAt: string
}

export interface QuotaLimitRule {
  /** `*` or `{name}` = one segment; a trailing `/**` = any further segments. */
  pathPattern: string
  method?: string
  limit: number
}

export interface QuotaConfig {
  defaultLimit: number
  windowSeconds: number
  /** The user's rules (checked first). */
  overrides: QuotaLimitRule[]
  /** The table of docs/api.md#limits (500/h for the order, POS checks and ticket lookup paths). */
  specRules: QuotaLimitRule[]
}

export interface QuotaBlockedEvent {
  key: string
  clientId: string
  method: string
  path: string
  /** ISO time until which the key is blocked: the UI counts down to it. */
  until: string
  seconds: number
  /** `retry-after` when the server said how long, `default` when it did not (60 s, as the spec's reference handler). */
  source: 'retry-after' | 'default'
}

const rule = lazySchema(() =>
  z
    .object({
      pathPattern: z.string().min(1).max(512).startsWith('/'),
      method: z.string().min(1).max(32).optional(),
      limit: z.number().int().min(1).max(1_000_000_000),
    })
    .strict(),
)

export const quotaChannels = {
  /** Every tracked key with its gauges, and the limit configuration. */
  'quota:list': invoke(() => z.object({}).strict()).returns<{ keys: QuotaKeyState[]; config: QuotaConfig }>(),
  /** Forgets the local ledger and blocks (one key, or all); the server's own counts are not touched. */
  'quota:reset': invoke(() => z.object({ key: z.string().min(1).max(9000).optional() }).strict()).returns<{ cleared: number }>(),
  /** Changes the default limit, the window or the user's per-path rules (saved in the data folder). */
  'quota:configure': invoke(() =>
    z
      .object({
        defaultLimit: z.number().int().min(1).max(1_000_000_000).optional(),
        windowSeconds: z.number().int().min(1).max(86_400).optional(),
        overrides: z.array(rule).max(200).optional(),
      })
      .strict(),
  ).returns<QuotaConfig>(),
}

export const quotaEvents = {
  /** A key's gauges changed (a response arrived, a request was sent, a block ended, a reset). */
  'quota:update': event<QuotaKeyState>(),
  /** A 429 blocked a key until `until` (the countdown). */
  'quota:blocked': event<QuotaBlockedEvent>(),
}
