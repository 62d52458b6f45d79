export interface LimitOverride {
  /** Path pattern: `*` or `{name}` = one segment, a trailing `/**` = any number of further segments. */
  pathPattern: string
  /** Upper-case HTTP method; absent = every method. */
  method?: string
  limit: number
}

export interface SandboxLimitsOptions {
  defaultPerWindow?: number
  windowSeconds?: number
  overrides?: LimitOverride[]
  /** Count requests whose client cannot be identified under `anonymous:<ip>` (default true). */
  countUnidentified?: boolean
  /** Upper bound on the number of quota keys kept; least recently used keys are dropped (default 10000). */
  maxKeys?: number
}

/**
 * The per-path limits of docs/api.md#limits that differ from the default. The sandbox serves illustrative routes for these
 * families (limit-family-routes.ts) so the limits are visible, documented and testable. The online
 * ordering paths are not shown by the spec; the patterns here are placeholders (configurable).
 */
const SPEC_LIMIT_OVERRIDES: LimitOverride[] = [
  { pathPattern: '/pos/v2/{locationId}/checks/**', limit: 500 },
  { pathPattern: '/pos/v2/lookup/tickets', method: 'POST', limit: 500 },
  { pathPattern: '/online-ordering/v1/orders/**', limit: 500 },
  { pathPattern: '/online-ordering/v2/orders/**', limit: 500 },
]

interface LimitRule extends LimitOverride {
  source: 'operator' | 'options' | 'spec'
}

interface CompiledRule extends LimitRule {
  regex: RegExp
}

/** Turns a path pattern into an anchored, case-insensitive regular expression. */
export function compilePathPattern(pattern: string): RegExp {
  const trimmed = pattern.length > 1 && pattern.endsWith('/') ? pattern.slice(0, -1) : pattern
  let source = ''
  const segments = trimmed.split('/').slice(1)
  for (const segment of segments) {
    if (segment === '**') source += '(?:/.*)?'
    else if (segment === '*' || /^\{[^}]*\}$/.test(segment)) source += '/[^/]+'
    else source += `/${segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`
  }
  return new RegExp(`^${source || '/'}$`, 'i')
}

/**
 * The limit in force for each (method, path): operator overrides first (newest first), then the
 * overrides given in options, then the spec table, then the default. `version` changes whenever
 * anything does, so callers can cache a lookup result.
 */
export class LimitTable {
  version = 0
  private rules: CompiledRule[] = []

  constructor(
    public defaultPerWindow: number,
    public windowSeconds: number,
    optionOverrides: LimitOverride[],
  ) {
    for (const o of optionOverrides) this.rules.push(compile(o, 'options'))
    for (const o of SPEC_LIMIT_OVERRIDES) this.rules.push(compile(o, 'spec'))
  }

  /** The limit for a normalised (lower-case) path and an upper-case method. */
  limitFor(method: string, path: string): number {
    for (const rule of this.rules) {
      if ((rule.method === undefined || rule.method === method) && rule.regex.test(path)) return rule.limit
    }
    return this.defaultPerWindow
  }

  /** Sets the default limit (no path) or adds/replaces an operator override for a path pattern. */
  setLimit(limit: number, method?: string, pathPattern?: string): void {
    const upper = method?.toUpperCase()
    if (pathPattern === undefined && upper === undefined) {
      this.defaultPerWindow = limit
    } else {
      const pattern = pathPattern ?? '/**'
      this.rules = this.rules.filter(r => !(r.source === 'operator' && r.pathPattern === pattern && r.method === upper))
      this.rules.unshift(compile({ pathPattern: pattern, method: upper, limit }, 'operator'))
    }
    this.version++
  }

  /** Changes the rolling window length. */
  setWindowSeconds(seconds: number): void {
    this.windowSeconds = seconds
    this.version++
  }

  /** A serialisable view for the operator API. */
  describe() {
    return {
      defaultPerWindow: this.defaultPerWindow,
      windowSeconds: this.windowSeconds,
      overrides: this.rules.map(({ pathPattern, method, limit, source }) => ({ pathPattern, method, limit, source })),
    }
  }
}

function compile(o: LimitOverride, source: LimitRule['source']): CompiledRule {
  return {
    pathPattern: o.pathPattern,
    method: o.method?.toUpperCase(),
    limit: o.limit,
    source,
    regex: compilePathPattern(o.pathPattern),
  }
}
