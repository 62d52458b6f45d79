import type {
  CapturedDrill,
  CapturedExchange,
  CapturedHost,
  CapturedRequest,
  CaptureInterceptor,
  InterceptDecision,
} from '../../capture/captured-exchange'
import { BEARER_ENDPOINTS, type EndpointKind, endpointOf } from '../exchange-facts'
import { ClockShift } from './clock-shift'
import { DRILLS, type DrillName } from './drill-catalogue'
import { expiredTokenAnswer, skewedDateAnswer, tooManyAnswer, unavailableAnswer } from './drill-faults'

/** The part of the console's sandbox control (src/main/engine/sandbox-control) a drill needs: its clock. */
export interface SandboxClockPort {
  clock(change: { advanceSeconds: number }): Promise<unknown>
}

export interface DrillOptions {
  /** Present when the upstream is the built-in sandbox: the token drill then expires the token for real. */
  sandboxClock?: SandboxClockPort
  retryAfterSeconds?: number
  slowMs?: number
  dateOffsetSeconds?: number
}

/** What a drill did and what the client did next. */
export interface DrillOutcome {
  name: DrillName
  exercises: string[]
  state: 'waiting' | 'played' | 'answered'
  /** The log id of the drilled exchange. */
  logId: string | null
  detail: string | null
  /** The client's next exchanges after the drilled answer (at most NEXT_KEPT): what it did about it. */
  next: Array<{ logId: string; what: string; afterMs: number }>
}

const NEXT_KEPT = 3
/** Reactions after which the next drill is armed even if the client keeps to the drilled call. */
const MAX_REACTIONS = 8
/** Advance that expires a 24-hour token, with a margin. */
const EXPIRY_ADVANCE_SECONDS = 86_400 + 60
/** The clock is moved back after this long even if the client never went to the token endpoint. */
const CLOCK_RESTORE_MS = 20_000

const API_ENDPOINTS: ReadonlySet<EndpointKind> = new Set([...BEARER_ENDPOINTS, 'export'])

/**
 * Plays the doctor's drills on the partner's traffic: a CaptureInterceptor that answers (or alters) the next matching
 * request with one fault at a time, in order, and an observer that records the drilled exchange and what the client
 * did next, then arms the next drill. The token drill moves the sandbox's clock (which also stales HMAC timestamps:
 * the ClockShift tells the skew rule) and moves it back once the client has been to the token endpoint.
 */
export class DrillRunner implements CaptureInterceptor {
  readonly clock = new ClockShift()
  private readonly outcomes: DrillOutcome[]
  private current = 0
  private drilledAt: number | null = null
  private drilledKey = ''
  private reactions = 0
  private moving: Promise<void> | null = null
  private moved = false
  private restoreTimer: NodeJS.Timeout | null = null
  private restoring: Promise<void> | null = null
  private readonly failures: string[] = []

  constructor(
    drills: readonly DrillName[],
    private readonly options: DrillOptions = {},
  ) {
    this.outcomes = drills.map(name => ({
      name,
      exercises: [...DRILLS[name].exercises],
      state: 'waiting',
      logId: null,
      detail: null,
      next: [],
    }))
  }

  decide(request: Omit<CapturedRequest, 'body'>, _host: CapturedHost): InterceptDecision {
    const endpoint = endpointOf(request.path)
    const bearer = request.headers.some(([n, v]) => n.toLowerCase() === 'authorization' && /^\s*bearer\s/i.test(v))
    if (this.moving && bearer && BEARER_ENDPOINTS.has(endpoint)) {
      const pending = this.moving
      return { kind: 'before', drill: drill('token-expiry', 'held until the sandbox clock had moved'), run: () => pending }
    }
    const outcome = this.outcomes[this.current]
    if (outcome?.state !== 'waiting' || this.drilledAt !== null) return { kind: 'forward' }
    if (outcome.name === 'token-expiry' ? !(bearer && BEARER_ENDPOINTS.has(endpoint)) : !API_ENDPOINTS.has(endpoint)) {
      return { kind: 'forward' }
    }
    outcome.state = 'played'
    return this.play(outcome)
  }

  /** The observer half: give it every recorded exchange (after the doctor's own observer). */
  readonly observe = (x: CapturedExchange): void => {
    const endpoint = endpointOf(x.request.path)
    if (this.moved && endpoint === 'token') void this.restoreClock()
    const outcome = this.outcomes[this.current]
    if (!outcome || outcome.state === 'waiting') return
    if (x.drill && outcome.logId === null && x.drill.name === outcome.name) {
      outcome.logId = x.logId
      outcome.detail = x.drill.detail
      this.drilledAt = x.respondedAt ?? x.startedAt
      this.drilledKey = callKey(x)
      return
    }
    if (this.drilledAt === null || x.startedAt < this.drilledAt || endpoint === 'operator') return
    outcome.state = 'answered'
    if (outcome.next.length < NEXT_KEPT) outcome.next.push({ logId: x.logId, what: describe(x), afterMs: x.startedAt - this.drilledAt })
    this.reactions++
    // The next drill waits until the client has moved on from the drilled call (its refresh and retries done), so
    // that two drills never land on one burst of parallel calls.
    const movedOn = endpoint !== 'token' && endpoint !== 'authorize' && callKey(x) !== this.drilledKey
    if ((movedOn || this.reactions >= MAX_REACTIONS) && this.current < this.outcomes.length - 1) {
      this.current++
      this.drilledAt = null
      this.reactions = 0
    }
  }

  /** Each drill's outcome so far. */
  results(): DrillOutcome[] {
    return this.outcomes.map(o => ({ ...o, next: [...o.next] }))
  }

  /** Operator calls that failed (the drill then could not play as planned). */
  get errors(): readonly string[] {
    return this.failures
  }

  /** Moves the sandbox clock back if a drill left it moved, and stops the restore timer. */
  async close(): Promise<void> {
    if (this.moving) await this.moving.catch(() => {})
    if (this.moved) await this.restoreClock()
    await this.restoring
  }

  private play(outcome: DrillOutcome): InterceptDecision {
    const o = this.options
    switch (outcome.name) {
      case 'token-expiry': {
        const port = o.sandboxClock
        if (!port) return expiredTokenAnswer(drill('token-expiry', 'injected 401 invalid_token (the upstream is not the sandbox)'))
        const settle = this.clock.begin(EXPIRY_ADVANCE_SECONDS * 1000)
        this.moving = port.clock({ advanceSeconds: EXPIRY_ADVANCE_SECONDS }).then(
          () => {
            settle()
            this.moved = true
            this.moving = null
            this.restoreTimer = setTimeout(() => void this.restoreClock(), CLOCK_RESTORE_MS)
            this.restoreTimer.unref()
          },
          (error: Error) => {
            settle()
            this.moving = null
            this.failures.push(`Moving the sandbox clock failed: ${error.message}`)
          },
        )
        const pending = this.moving
        return {
          kind: 'before',
          drill: drill('token-expiry', `sandbox clock moved ${EXPIRY_ADVANCE_SECONDS} s ahead: the access token expired`),
          run: () => pending,
        }
      }
      case 'rate-limit-retry-after': {
        const n = o.retryAfterSeconds ?? 2
        return tooManyAnswer(drill(outcome.name, `429 with Retry-After: ${n}`), n)
      }
      case 'rate-limit-no-retry-after':
        return tooManyAnswer(drill(outcome.name, '429 without Retry-After (the client must wait 60 s)'), null)
      case 'service-unavailable':
        return unavailableAnswer(drill(outcome.name, '503 Service Unavailable'))
      case 'date-skew': {
        const s = o.dateOffsetSeconds ?? 30
        return skewedDateAnswer(drill(outcome.name, `Date moved ${s} s ahead`), s)
      }
      case 'slow-response': {
        const ms = o.slowMs ?? 3000
        return { kind: 'alter', drill: drill(outcome.name, `answer held back ${ms} ms`), delayMs: ms }
      }
    }
  }

  private restoreClock(): Promise<void> {
    if (!this.moved || !this.options.sandboxClock) return this.restoring ?? Promise.resolve()
    this.moved = false
    if (this.restoreTimer) clearTimeout(this.restoreTimer)
    const settle = this.clock.begin(0)
    this.restoring = this.options.sandboxClock.clock({ advanceSeconds: -EXPIRY_ADVANCE_SECONDS }).then(
      () => settle(),
      (error: Error) => {
        settle()
        this.failures.push(`Moving the sandbox clock back failed: ${error.message}. Reset it from Sandbox controls.`)
      },
    )
    return this.restoring
  }
}

function callKey(x: CapturedExchange): string {
  return `${x.request.method.toUpperCase()} ${x.request.path.toLowerCase()}`
}

function drill(name: DrillName, detail: string): CapturedDrill {
  return { name, detail }
}

/** One line for the log and the report: the call and its answer, the grant for token requests. Never a value. */
function describe(x: CapturedExchange): string {
  let what = `${x.request.method} ${x.request.path}`
  if (endpointOf(x.request.path) === 'token') {
    const grant = /"?grant_type"?\s*[:=]\s*"?([a-z_]+)/.exec(x.request.body.bytes.toString('utf8'))?.[1]
    if (grant) what += ` (${grant} grant)`
  }
  return `${what} → ${x.response ? x.response.status : `no answer (${x.error?.hop ?? 'error'})`}`
}
