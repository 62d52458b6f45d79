import type {
  SandboxActionResult,
  SandboxClockView,
  SandboxScenarioInfo,
  SandboxStateView,
  SandboxTokenInfo,
} from '../../../shared/contract'
import { ConsoleError } from '../core/console-error'
import type { EventBus } from '../core/event-bus'
import type { SendHttp } from '../core/ports'
import { fingerprint, type SecretRegistry } from '../core/secret-registry'

/** The operator API's header (docs/sandbox.md); sent only to the built-in sandbox. */
const ADMIN_HEADER = 'x-sandbox-admin-token'

type TokenTarget = 'current-access' | 'current-refresh' | 'all'

/** The part of an environment the controls look at. */
interface ActiveEnvironment {
  id: string
  name: string
  sandboxAdmin?: { url: string; adminToken: string }
}

type SandboxEnvironment = ActiveEnvironment & { sandboxAdmin: { url: string; adminToken: string } }

/** What the controls need from the rest of auth. */
interface SandboxControlDeps {
  /** The active environment (null when there is none). */
  active: () => ActiveEnvironment | null
  /** The active environment's current tokens. */
  currentTokens: (envId: string) => { accessToken: string; refreshToken: string | null } | null
  /** Tells the token lifecycle what the sandbox just did. */
  markExpired: (envId: string, trigger: string) => void
  observeServerTime: (envId: string, serverNowMs: number) => void
  send: SendHttp
  secrets: SecretRegistry
  bus: EventBus
}

/**
 * A client of the built-in sandbox's operator API (clock, token expiry and revocation, quotas, faults), for demos
 * and for reproducing a merchant's problem. Available only while the active environment is the built-in sandbox;
 * every call goes through `sendHttp` (purpose 'sandbox-admin') so it shows in the network log, with the admin token
 * redacted. After each action the token lifecycle is told what changed, and `sandbox:changed` is emitted.
 */
export class SandboxControl {
  private catalogue: SandboxScenarioInfo[] | undefined

  constructor(private readonly deps: SandboxControlDeps) {}

  /** The operator state, or `available: false` with the reason. */
  async state(): Promise<SandboxStateView> {
    const env = this.deps.active()
    if (!env?.sandboxAdmin) {
      return {
        available: false,
        reason: unavailableReason(env),
        url: null,
        clock: null,
        tokens: [],
        limits: null,
        quotas: null,
        faults: null,
        installations: null,
        scenario: null,
        scenarios: [],
      }
    }
    const raw = (await this.call(env as SandboxEnvironment, 'GET', '/_sandbox/state')) as Record<string, unknown>
    this.catalogue ??= (
      (await this.call(env as SandboxEnvironment, 'GET', '/_sandbox/scenarios')) as { scenarios: SandboxScenarioInfo[] }
    ).scenarios
    const current = this.deps.currentTokens(env.id)
    const fa = current ? fingerprint(current.accessToken) : null
    const fr = current?.refreshToken ? fingerprint(current.refreshToken) : null
    const tokens = (Array.isArray(raw.tokens) ? raw.tokens : []).map((t: SandboxTokenInfo) => {
      const mark = t.fingerprint === fa ? 'access' : t.fingerprint === fr ? 'refresh' : undefined
      return mark ? { ...t, current: mark } : t
    })
    return {
      available: true,
      reason: null,
      url: env.sandboxAdmin.url,
      clock: clockOf(raw),
      tokens: tokens as SandboxTokenInfo[],
      limits: raw.limits ?? null,
      quotas: raw.quotas ?? null,
      faults: raw.faults ?? null,
      installations: raw.installations ?? null,
      scenario: typeof raw.scenario === 'string' ? raw.scenario : null,
      scenarios: this.catalogue ?? [],
    }
  }

  /**
   * Puts the built-in sandbox into a named scenario (docs/sandbox.md). Unlike "expire now", the token lifecycle is not
   * told: the point of a scenario is that the console finds out the way it would from a real server (a 401).
   */
  applyScenario(name: string): Promise<SandboxActionResult> {
    return this.act(`scenario ${name}`, 'POST', '/_sandbox/scenario', { name })
  }

  /** Takes the built-in sandbox out of its scenario (clock back, faults removed, quotas reset). */
  clearScenario(): Promise<SandboxActionResult> {
    return this.act('clear scenario', 'DELETE', '/_sandbox/scenario', undefined)
  }

  /** Moves the sandbox clock (tokens and quota windows age with it). */
  clock(change: { advanceSeconds?: number; set?: string; reset?: true }): Promise<SandboxActionResult> {
    return this.act('clock', 'POST', '/_sandbox/clock', change, (env, result) => {
      const clock = clockOf(result)
      if (clock) this.deps.observeServerTime(env.id, Date.parse(clock.now))
    })
  }

  /** Expires the current access or refresh token, or every access token. */
  expireTokens(target: TokenTarget = 'all'): Promise<SandboxActionResult> {
    return this.withTarget(target, (env, token) =>
      this.act(`expire ${target}`, 'POST', '/_sandbox/tokens/expire', token ? { token } : {}, () => {
        if (target !== 'current-refresh') this.deps.markExpired(env.id, 'sandbox-expired')
      }),
    )
  }

  /** Revokes the current access or refresh token, or every token. */
  revokeToken(target: TokenTarget): Promise<SandboxActionResult> {
    return this.withTarget(target, (env, token) =>
      this.act(`revoke ${target}`, 'POST', '/_sandbox/tokens/revoke', token ? { token } : { all: true }, () => {
        if (target !== 'current-refresh') this.deps.markExpired(env.id, 'sandbox-revoked')
      }),
    )
  }

  resetQuotas(): Promise<SandboxActionResult> {
    return this.act('reset quotas', 'POST', '/_sandbox/quotas/reset', {})
  }

  setLimit(limit: { limit: number; method?: string; path?: string }): Promise<SandboxActionResult> {
    return this.act('set limit', 'POST', '/_sandbox/quotas/limit', limit)
  }

  addFault(fault: {
    path: string
    method?: string
    latencyMs?: number
    status?: number
    drop?: boolean
    times?: number
  }): Promise<SandboxActionResult> {
    if (fault.latencyMs === undefined && fault.status === undefined && fault.drop !== true) {
      return Promise.reject(new ConsoleError('invalid_request', 'A fault needs a latency, a status or drop: true.'))
    }
    return this.act('add fault', 'POST', '/_sandbox/faults', fault)
  }

  clearFaults(): Promise<SandboxActionResult> {
    return this.act('clear faults', 'DELETE', '/_sandbox/faults', undefined)
  }

  private async withTarget(
    target: TokenTarget,
    run: (env: SandboxEnvironment, token: string | undefined) => Promise<SandboxActionResult>,
  ): Promise<SandboxActionResult> {
    const env = await this.builtin()
    if (target === 'all') return run(env, undefined)
    const current = this.deps.currentTokens(env.id)
    const token = target === 'current-access' ? current?.accessToken : current?.refreshToken
    if (!token) {
      throw new ConsoleError(
        'not_found',
        `There is no current ${target === 'current-access' ? 'access' : 'refresh'} token for the sandbox.`,
        {
          hint: 'Authorize first, or choose "all".',
        },
      )
    }
    return run(env, token)
  }

  private async act(
    action: string,
    method: string,
    path: string,
    body: unknown,
    after?: (env: SandboxEnvironment, result: Record<string, unknown>) => void,
  ): Promise<SandboxActionResult> {
    const env = await this.builtin()
    const raw = await this.call(env, method, path, body)
    const result = (raw && typeof raw === 'object' && !Array.isArray(raw) ? raw : { value: raw }) as Record<string, unknown>
    after?.(env, result)
    const out: SandboxActionResult = this.deps.secrets.redactDeep({ action, result: raw, clock: clockOf(result) })
    this.deps.bus.emit('sandbox:changed', out)
    return out
  }

  private async builtin(): Promise<SandboxEnvironment> {
    const env = this.deps.active()
    if (!env?.sandboxAdmin) {
      throw new ConsoleError('unsupported', unavailableReason(env), { hint: 'Switch to "Sandbox (built-in)" in the environment switcher.' })
    }
    return env as SandboxEnvironment
  }

  private async call(env: SandboxEnvironment, method: string, path: string, body?: unknown): Promise<unknown> {
    const admin = env.sandboxAdmin
    this.deps.secrets.add(admin.adminToken, 'sandbox_admin_token')
    const headers: Record<string, string> = { [ADMIN_HEADER]: admin.adminToken, accept: 'application/json' }
    if (body !== undefined) headers['content-type'] = 'application/json'
    const response = await this.deps.send({
      method,
      url: `${admin.url}${path}`,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      purpose: 'sandbox-admin',
      // Operator calls go to the built-in sandbox on loopback: its id for the log, the default (direct) route.
      env: { id: env.id },
      timeoutMs: 10_000,
    })
    let json: unknown = null
    try {
      json = response.body ? JSON.parse(response.body) : null
    } catch {
      json = null
    }
    if (response.status < 200 || response.status >= 300) {
      const message =
        json && typeof json === 'object' && typeof (json as { message?: unknown }).message === 'string'
          ? (json as { message: string }).message
          : response.statusText
      throw new ConsoleError(
        response.status === 400 ? 'invalid_request' : 'server_error',
        `The sandbox refused ${method} ${path}: ${message}`,
        {
          hint: response.status === 401 ? 'The console’s operator token was not accepted; restart the console.' : undefined,
          details: { status: response.status, logId: response.logId },
        },
      )
    }
    return json
  }
}

function clockOf(raw: unknown): SandboxClockView | null {
  const r = raw as { now?: unknown; clockOffsetSeconds?: unknown } | null
  if (!r || typeof r.now !== 'string' || typeof r.clockOffsetSeconds !== 'number') return null
  return { now: r.now, clockOffsetSeconds: r.clockOffsetSeconds }
}

function unavailableReason(env: ActiveEnvironment | null): string {
  return env
    ? `The sandbox controls work only with the built-in sandbox; the active environment is "${env.name}".`
    : 'The sandbox controls need the built-in sandbox as the active environment, and none is active.'
}
