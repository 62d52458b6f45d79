/**
 * Readers for the parts of `sandbox:state` the contract leaves as `unknown` (the sandbox reports them in its own
 * shapes). Each returns what it can read and ignores the rest, so a change on the sandbox side degrades to "not shown"
 * instead of a crash.
 */

export interface LimitsView {
  defaultPerWindow: number | null
  windowSeconds: number | null
  overrides: Array<{ pathPattern: string; method?: string; limit: number; source?: string }>
}

export interface QuotaUsageView {
  clientId: string
  method: string
  path: string
  limit: number
  used: number
  remaining: number
  oldestLeavesInSeconds: number | null
}

export interface FaultView {
  id: number
  path: string
  method?: string
  latencyMs?: number
  status?: number
  drop?: boolean
  times?: number
  remaining?: number
}

export interface InstallationView {
  locationId: number
  clientId: string
  merchantId: string
  installedAt: string
}

const obj = (v: unknown): Record<string, unknown> | null =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null)
const str = (v: unknown): string | null => (typeof v === 'string' ? v : null)
const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : [])

export function readLimits(v: unknown): LimitsView {
  const o = obj(v) ?? {}
  return {
    defaultPerWindow: num(o.defaultPerWindow),
    windowSeconds: num(o.windowSeconds),
    overrides: arr(o.overrides).flatMap(r => {
      const x = obj(r)
      const pathPattern = str(x?.pathPattern)
      const limit = num(x?.limit)
      if (!x || pathPattern === null || limit === null) return []
      return [{ pathPattern, limit, method: str(x.method) ?? undefined, source: str(x.source) ?? undefined }]
    }),
  }
}

export function readQuotas(v: unknown): QuotaUsageView[] {
  return arr(v).flatMap(r => {
    const x = obj(r)
    if (!x) return []
    const method = str(x.method)
    const path = str(x.path)
    const limit = num(x.limit)
    if (method === null || path === null || limit === null) return []
    return [
      {
        clientId: str(x.clientId) ?? '',
        method,
        path,
        limit,
        used: num(x.used) ?? 0,
        remaining: num(x.remaining) ?? 0,
        oldestLeavesInSeconds: num(x.oldestLeavesInSeconds),
      },
    ]
  })
}

export function readFaults(v: unknown): FaultView[] {
  return arr(v).flatMap(r => {
    const x = obj(r)
    const path = str(x?.path)
    if (!x || path === null) return []
    return [
      {
        id: num(x.id) ?? 0,
        path,
        method: str(x.method) ?? undefined,
        latencyMs: num(x.latencyMs) ?? undefined,
        status: num(x.status) ?? undefined,
        drop: x.drop === true ? true : undefined,
        times: num(x.times) ?? undefined,
        remaining: num(x.remaining) ?? undefined,
      },
    ]
  })
}

export function readInstallations(v: unknown): InstallationView[] {
  return arr(v).flatMap(r => {
    const x = obj(r)
    const locationId = num(x?.locationId)
    if (!x || locationId === null) return []
    return [{ locationId, clientId: str(x.clientId) ?? '', merchantId: str(x.merchantId) ?? '', installedAt: str(x.installedAt) ?? '' }]
  })
}
