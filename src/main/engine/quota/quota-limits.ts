import type { QuotaConfig, QuotaLimitRule } from '../../../shared/contract'

/**
 * The table of docs/api.md#limits: 500 requests per hour for the online-ordering order endpoints (V1 and V2), the POS checks
 * endpoints and POST /pos/v2/lookup/tickets; 100 per 60-minute window for everything else. The spec does not give the
 * online-ordering paths, so those patterns are a best guess the user can override with their own rules.
 */
const SPEC_LIMIT_RULES: readonly QuotaLimitRule[] = [
  { pathPattern: '/pos/v2/{locationId}/checks/**', limit: 500 },
  { pathPattern: '/pos/v2/lookup/tickets', method: 'POST', limit: 500 },
  { pathPattern: '/online-ordering/v1/orders/**', limit: 500 },
  { pathPattern: '/online-ordering/v2/orders/**', limit: 500 },
]

const DEFAULT_LIMIT = 100
const DEFAULT_WINDOW_SECONDS = 3600

interface CompiledRule extends QuotaLimitRule {
  regex: RegExp
}

/** Turns a rule's path pattern into an anchored, case-insensitive expression (`*`/`{x}` one segment, `/**` any). */
export function compilePathPattern(pattern: string): RegExp {
  const trimmed = pattern.length > 1 && pattern.endsWith('/') ? pattern.slice(0, -1) : pattern
  let source = ''
  for (const segment of trimmed.split('/').slice(1)) {
    if (segment === '**') source += '(?:/.*)?'
    else if (segment === '*' || /^\{[^}]*\}$/.test(segment)) source += '/[^/]+'
    else source += `/${segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`
  }
  return new RegExp(`^${source || '/'}$`, 'i')
}

/** The limit the console expects for a (METHOD, path) before any server header says otherwise. */
export class QuotaLimits {
  private compiled: CompiledRule[] = []
  private config: QuotaConfig
  private changes = 0

  constructor(config: Partial<Omit<QuotaConfig, 'specRules'>> = {}) {
    this.config = { defaultLimit: DEFAULT_LIMIT, windowSeconds: DEFAULT_WINDOW_SECONDS, overrides: [], specRules: [...SPEC_LIMIT_RULES] }
    this.update(config)
  }

  /** Applies a partial change; user overrides are checked before the spec table. */
  update(change: Partial<Omit<QuotaConfig, 'specRules'>>): QuotaConfig {
    if (change.defaultLimit !== undefined) this.config.defaultLimit = change.defaultLimit
    if (change.windowSeconds !== undefined) this.config.windowSeconds = change.windowSeconds
    if (change.overrides !== undefined) this.config.overrides = change.overrides.map(r => ({ ...r }))
    this.compiled = [...this.config.overrides, ...SPEC_LIMIT_RULES].map(r => ({
      ...r,
      method: r.method?.toUpperCase(),
      regex: compilePathPattern(r.pathPattern),
    }))
    this.changes++
    return this.describe()
  }

  /**
   * A number that changes whenever limitFor or windowSeconds could answer differently (every update): a reader that
   * keeps a limit per key (the doctor's pace judge) asks limitFor again only when it moved.
   */
  get version(): number {
    return this.changes
  }

  limitFor(method: string, path: string): number {
    for (const rule of this.compiled) {
      if ((rule.method === undefined || rule.method === method) && rule.regex.test(path)) return rule.limit
    }
    return this.config.defaultLimit
  }

  get windowSeconds(): number {
    return this.config.windowSeconds
  }

  describe(): QuotaConfig {
    return {
      defaultLimit: this.config.defaultLimit,
      windowSeconds: this.config.windowSeconds,
      overrides: this.config.overrides.map(r => ({ ...r })),
      specRules: SPEC_LIMIT_RULES.map(r => ({ ...r })),
    }
  }
}
