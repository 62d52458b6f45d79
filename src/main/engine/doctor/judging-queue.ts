import type { CapturedExchange } from '../capture/captured-exchange'

/** Exchanges judged together at most: about 10 ms of the capture benchmark's traffic. */
export const BATCH_EXCHANGES = 32
/** How long a queued exchange waits at most when nobody reads the verdicts and the batch does not fill. */
export const BATCH_WAIT_MS = 10
/** Body bytes (request and response together) above which an exchange is judged at once instead of queued. */
export const BATCH_BODY_BYTES = 16 * 1024

/**
 * The exchanges the capture handed over and the doctor has not judged yet, judged together in arrival order: when
 * `BATCH_EXCHANGES` are queued, `BATCH_WAIT_MS` after the first was, or whenever the verdicts are read (the owner
 * calls `flush` first, so no reader ever sees a verdict behind the capture). Judging a run of exchanges in one go
 * keeps the judges' code and state in the CPU's caches for the run, and the capture's for its run, instead of each
 * evicting the other on every exchange. Only small exchanges wait: one whose bodies exceed `BATCH_BODY_BYTES` is
 * judged at once, after those before it, so the queue never holds more than a bounded number of small bodies.
 */
export class JudgingQueue {
  private readonly queued: CapturedExchange[] = []
  private timer: NodeJS.Timeout | null = null

  constructor(private readonly judge: (exchange: CapturedExchange) => void) {}

  /** Queues one exchange (or judges it at once, with everything before it, when it is large or fills the batch). */
  readonly add = (exchange: CapturedExchange): void => {
    const queued = this.queued
    if (bodyBytes(exchange) > BATCH_BODY_BYTES) {
      this.flush()
      this.judge(exchange)
      return
    }
    queued.push(exchange)
    if (queued.length >= BATCH_EXCHANGES) this.flush()
    else if (this.timer === null) {
      this.timer = setTimeout(this.flush, BATCH_WAIT_MS)
      // A wait must not keep a finished process alive: whoever reads the verdicts flushes them first anyway.
      this.timer.unref()
    }
  }

  /** Judges every queued exchange now, in arrival order, and lets go of them. */
  readonly flush = (): void => {
    if (this.timer !== null) {
      clearTimeout(this.timer)
      this.timer = null
    }
    if (this.queued.length === 0) return
    // Taken out of the queue before the first is judged: a reader called back while this run is judged (a verdict's
    // listener reading the scorecard) flushes an empty queue instead of judging the same exchanges twice.
    // (`judge` never throws: the doctor counts a judge's failure and goes on.)
    const run = this.queued.splice(0)
    for (let i = 0; i < run.length; i++) this.judge(run[i] as CapturedExchange)
  }
}

/** The body bytes an exchange holds (what waiting in the queue keeps alive). */
function bodyBytes(x: CapturedExchange): number {
  return x.request.body.bytes.length + (x.response === null ? 0 : x.response.body.bytes.length)
}
