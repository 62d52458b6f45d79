import type { SkewEstimate, SkewLevel } from '../../../shared/contract'
/** A signature lives 10 seconds (docs/api.md#hmac-signature and #limits): the budget clock skew eats into. */
export const SIGNATURE_LIFETIME_MS = 10_000
/** |offset| from which signing is at risk (requests that queue or retry can cross the lifetime). */
export const SKEW_WARN_MS = 3_000
/** |offset| from which a fresh signature will probably be refused as stale or future. */
export const SKEW_DANGER_MS = 7_000

export type { SkewLevel }

export interface SkewSample {
  /** The response's HTTP `Date` header (1 s resolution). */
  serverDate: string
  /** Local ms epoch when the request was sent and when the response headers arrived. */
  sentAt: number
  receivedAt: number
  /** What produced the sample (e.g. 'GET /api/v1/export/1/tickets'), shown in the status bar. */
  source?: string
  /**
   * The request that produced it, when `source` is not given: its method and path become the source only when the
   * estimate is read (most responses' sources are never shown, so no string is built per response).
   */
  request?: SkewSourceRequest
  /** The server's time in ms when a source knows it precisely (e.g. the sandbox operator API); overrides the Date. */
  serverTimeMs?: number
}

export type { SkewEstimate }

/** A request as a sample's source: read only when the estimate is published. */
interface SkewSourceRequest {
  readonly method: string
  readonly url: { readonly pathname: string }
}

interface ClockSkewOptions {
  /** Samples kept (default 9). */
  windowSize?: number
  /** Local clock (default Date.now); injectable for deterministic tests of the arithmetic. */
  now?: () => number
  /** Offset change that counts as meaningful for listeners (default 250 ms). */
  changeThresholdMs?: number
}

/** Classifies an offset against the signature lifetime: ok below 3 s, warn from 3 s, danger from 7 s. */
export function skewLevel(offsetMs: number): SkewLevel {
  const abs = Math.abs(offsetMs)
  if (abs >= SKEW_DANGER_MS) return 'danger'
  if (abs >= SKEW_WARN_MS) return 'warn'
  return 'ok'
}

/**
 * Estimates the server's clock offset from the `Date` headers of responses, NTP-style: each response says the server
 * time was in [Date, Date + 1 s) at some moment between send and receive, so it gives the offset
 * `Date + 500 ms − (sentAt + receivedAt) / 2` within ±(500 ms + round trip / 2). The estimate is the median over a
 * small window (robust to one slow response), with the uncertainty narrowed by intersecting the samples' intervals
 * when they agree. A jump of the server's clock (three samples agreeing on a new offset) restarts the window.
 * Listeners hear about meaningful changes only (first estimate, level change, or a move of ≥ 250 ms).
 */
export class ClockSkewEstimator {
  /** Which clock signatures use: the local one, or local + the estimated offset. */
  timeSource: 'local' | 'server' = 'local'
  private readonly windowSize: number
  private readonly now: () => number
  private readonly changeThresholdMs: number
  /**
   * The window: each sample's offset and half-width in two rings of `windowSize` slots, the oldest at `first`
   * (numbers in place: no object per response, nothing shifted).
   */
  private readonly windowOffsets: Float64Array
  private readonly windowHalfWidths: Float64Array
  private first = 0
  private count = 0
  /**
   * The estimate, written in place by each sample (never handed out: readers get `published` copies), so a response
   * allocates nothing here; null before the first sample and after a reset.
   */
  private current: Estimate | null = null
  /** The level and offset listeners last heard (null level: nothing announced since the last reset). */
  private announcedLevel: SkewLevel | null = null
  private announcedOffsetMs = 0
  private readonly listeners = new Set<(estimate: SkewEstimate) => void>()
  /** The last Date header parsed: consecutive responses mostly carry the same second, so it is parsed once. */
  private lastDateText = ''
  private lastDateMs = Number.NaN
  /** Wall-clock time of the last reset: a sample sent before it answers for the previous server and is dropped. */
  private resetAt = Number.NEGATIVE_INFINITY
  /** Scratch arrays for the medians (kept from one sample to the next). */
  private readonly offsets: Float64Array
  private readonly halfWidths: Float64Array

  constructor(options: ClockSkewOptions = {}) {
    this.windowSize = Math.max(1, Math.floor(options.windowSize ?? 9))
    this.now = options.now ?? Date.now
    this.changeThresholdMs = options.changeThresholdMs ?? 250
    this.windowOffsets = new Float64Array(this.windowSize)
    this.windowHalfWidths = new Float64Array(this.windowSize)
    this.offsets = new Float64Array(this.windowSize)
    this.halfWidths = new Float64Array(this.windowSize)
  }

  /**
   * Adds one response's evidence; ignores samples without a parseable Date, with a negative round trip, or sent
   * before the last reset (a response still in flight from the server the user just switched away from).
   */
  observe(sample: SkewSample): void {
    this.take(sample.serverDate, sample.sentAt, sample.receivedAt, sample.serverTimeMs, sample.source, sample.request)
  }

  /**
   * `observe` for one response of the executor, its fields handed as they are: no sample object per response. The
   * request's method and path name the source only if the estimate is read.
   */
  observeResponse(serverDate: string, sentAt: number, receivedAt: number, request: SkewSourceRequest): void {
    this.take(serverDate, sentAt, receivedAt, undefined, undefined, request)
  }

  private take(
    serverDate: string,
    sentAt: number,
    receivedAt: number,
    serverTimeMs: number | undefined,
    source: string | undefined,
    request: SkewSourceRequest | undefined,
  ): void {
    if (sentAt < this.resetAt) return
    const rtt = receivedAt - sentAt
    if (!Number.isFinite(rtt) || rtt < 0) return
    const localMid = (sentAt + receivedAt) / 2
    let offset: number
    let halfWidth: number
    if (serverTimeMs !== undefined && Number.isFinite(serverTimeMs)) {
      offset = serverTimeMs - localMid
      halfWidth = rtt / 2
    } else {
      const date = this.parseDate(serverDate)
      if (!Number.isFinite(date)) return
      offset = date + 500 - localMid
      halfWidth = 500 + rtt / 2
    }
    this.push(offset, halfWidth)
    this.restartOnJump()
    this.compute(source, request)
    this.announceIfMeaningful()
  }

  /** The current estimate, or null before the first usable sample. */
  estimate(): SkewEstimate | null {
    return this.current ? published(this.current) : null
  }

  /** The server's time in ms: local now plus the estimated offset (local now while nothing is known). */
  serverNow(): number {
    return this.now() + (this.current ? this.current.offsetMs : 0)
  }

  /** Listens for meaningful changes of the estimate; returns the unsubscribe. */
  subscribe(listener: (estimate: SkewEstimate) => void): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  /** Forgets every sample (e.g. when the active environment, hence the server, changes). */
  reset(): void {
    // Samples' sentAt are Date.now() readings (the transport's and the probe's), so the cut is too.
    this.resetAt = Date.now()
    this.first = 0
    this.count = 0
    this.current = null
    this.announcedLevel = null
  }

  private parseDate(text: string): number {
    if (text !== this.lastDateText) {
      this.lastDateText = text
      this.lastDateMs = Date.parse(text)
    }
    return this.lastDateMs
  }

  /** Adds a sample to the window, forgetting the oldest when it is full. */
  private push(offset: number, halfWidth: number): void {
    let slot = this.first + this.count
    if (slot >= this.windowSize) slot -= this.windowSize
    this.windowOffsets[slot] = offset
    this.windowHalfWidths[slot] = halfWidth
    if (this.count < this.windowSize) this.count++
    else this.first = this.first + 1 === this.windowSize ? 0 : this.first + 1
  }

  /** The ring slot of the window's i-th sample, oldest first. */
  private slot(i: number): number {
    const slot = this.first + i
    return slot >= this.windowSize ? slot - this.windowSize : slot
  }

  private restartOnJump(): void {
    const current = this.current
    const n = this.count
    if (n < 5 || !current) return
    let lo = Number.POSITIVE_INFINITY
    let hi = Number.NEGATIVE_INFINITY
    for (let i = n - 3; i < n; i++) {
      const slot = this.slot(i)
      const offset = this.windowOffsets[slot] as number
      if (Math.abs(offset - current.offsetMs) <= 2_000 + (this.windowHalfWidths[slot] as number)) return
      lo = Math.min(lo, offset)
      hi = Math.max(hi, offset)
    }
    // The last three samples all lie far from the estimate and agree with each other: the server's clock jumped.
    if (hi - lo <= 2_000) {
      this.first = this.slot(n - 3)
      this.count = 3
    }
  }

  private compute(source: string | undefined, request: SkewSourceRequest | undefined): void {
    const n = this.count
    // No arrays allocated per response: median sorts the first n of the scratch arrays in place.
    const offsets = this.offsets
    const halfWidths = this.halfWidths
    let lo = Number.NEGATIVE_INFINITY
    let hi = Number.POSITIVE_INFINITY
    for (let i = 0; i < n; i++) {
      const slot = this.slot(i)
      const offset = this.windowOffsets[slot] as number
      const halfWidth = this.windowHalfWidths[slot] as number
      offsets[i] = offset
      halfWidths[i] = halfWidth
      lo = Math.max(lo, offset - halfWidth)
      hi = Math.min(hi, offset + halfWidth)
    }
    const offset = median(offsets, n)
    let uncertainty = median(halfWidths, n)
    if (lo <= offset && offset <= hi) uncertainty = Math.min(uncertainty, Math.max(offset - lo, hi - offset))
    this.current ??= {
      offsetMs: 0,
      uncertaintyMs: 0,
      samples: 0,
      level: 'ok',
      updatedAtMs: 0,
      source: undefined,
      sourceMethod: undefined,
      sourceUrl: undefined,
    }
    const e = this.current
    e.offsetMs = Math.round(offset)
    e.uncertaintyMs = Math.round(uncertainty)
    e.samples = n
    e.level = skewLevel(offset)
    e.updatedAtMs = this.now()
    e.source = source
    // The request's method and URL, not the request (which may carry a whole attempt): nothing else is kept.
    e.sourceMethod = source === undefined ? request?.method : undefined
    e.sourceUrl = source === undefined ? request?.url : undefined
  }

  private announceIfMeaningful(): void {
    const next = this.current
    if (!next) return
    const meaningful =
      this.announcedLevel === null ||
      this.announcedLevel !== next.level ||
      Math.abs(this.announcedOffsetMs - next.offsetMs) >= this.changeThresholdMs
    if (!meaningful) return
    this.announcedLevel = next.level
    this.announcedOffsetMs = next.offsetMs
    for (const listener of this.listeners) listener(published(next))
  }
}

/** An estimate as kept: its time as a number, made an ISO string only when someone reads it (not on every response). */
interface Estimate {
  offsetMs: number
  uncertaintyMs: number
  samples: number
  level: SkewLevel
  updatedAtMs: number
  source: string | undefined
  /** The sample's request when it gave no source string: `${method} ${url.pathname}` made when published. */
  sourceMethod: string | undefined
  sourceUrl: { readonly pathname: string } | undefined
}

function published(e: Estimate): SkewEstimate {
  const estimate: SkewEstimate = {
    offsetMs: e.offsetMs,
    uncertaintyMs: e.uncertaintyMs,
    samples: e.samples,
    level: e.level,
    updatedAt: new Date(e.updatedAtMs).toISOString(),
  }
  if (e.source !== undefined) estimate.source = e.source
  else if (e.sourceMethod !== undefined && e.sourceUrl !== undefined) estimate.source = `${e.sourceMethod} ${e.sourceUrl.pathname}`
  return estimate
}

/** The median of the first `n` values, sorted in place (scratch arrays; a window is a handful of samples: insertion sort). */
function median(values: Float64Array, n: number): number {
  for (let i = 1; i < n; i++) {
    const v = values[i] as number
    let j = i - 1
    while (j >= 0 && (values[j] as number) > v) {
      values[j + 1] = values[j] as number
      j--
    }
    values[j + 1] = v
  }
  const mid = n >> 1
  return n % 2 === 1 ? values[mid]! : (values[mid - 1]! + values[mid]!) / 2
}
