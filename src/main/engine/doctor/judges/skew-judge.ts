import { SIGNATURE_LIFETIME_MS } from '../../signing/clock-skew'
import { MILLISECONDS_THRESHOLD } from '../../signing/signer'
import type { ExchangeFacts } from '../exchange-facts'
import type { DoctorSettings, Judge, JudgeScope, Tallies } from '../judge'
import { trimmed } from '../plain-text'

/** The signatures already sent (the reuse judge's memory): a resent one carries the first sending's timestamp. */
interface SentSignatures {
  sentBefore(signature: string, logId: string): boolean
}

/** Unix time as digits (signing.timestamp-seconds judges which unit). */
const WHOLE_NUMBER = /^\d{1,16}$/

/** An age (or lead) past half the lifetime leaves too little for a queue or a retry: a warning. */
const SKEW_WARNING_MS = SIGNATURE_LIFETIME_MS / 2

/**
 * The 10-second lifetime of 5.2 and 8, judged against the server's own clock: the response's `Date` (1 s
 * resolution) less any offset a drill put on the sandbox's clock. The server checked the timestamp when the request
 * arrived, between the request's start and its response, so the age is bounded on both sides and only a bound past
 * the lifetime is a failure. Skipped on drilled exchanges (their `Date` may be the drill's) and on timestamps that
 * are not whole seconds (signing.timestamp-seconds judges those). A resent signature is not judged either: its
 * timestamp is as old as the reuse, not the clock's error (signing.fresh-signature judges the reuse).
 */
export class SkewJudge implements Judge {
  readonly scope: JudgeScope = { signedOnly: true }
  /** The last `Date` read: it changes once a second, so most exchanges reuse it. */
  private lastDate: { text: string; ms: number } = { text: '', ms: Number.NaN }

  constructor(
    private readonly settings: DoctorSettings,
    private readonly sent: SentSignatures,
  ) {}

  observe(f: ExchangeFacts, t: Tallies): void {
    const tsText = trimmed(f.header('x-timestamp') ?? '')
    if (f.header('x-signature') === undefined || !WHOLE_NUMBER.test(tsText) || f.x.drill !== null) return
    const ts = Number(tsText)
    const date = f.responseHeader('date')
    if (ts >= MILLISECONDS_THRESHOLD || date === undefined) return
    if (this.sent.sentBefore(f.header('x-signature')!, f.logId)) return
    if (date !== this.lastDate.text) this.lastDate = { text: date, ms: Date.parse(date) }
    const dateMs = this.lastDate.ms
    const offset = this.settings.clock.offsetDuring(f.x.startedAt, f.x.respondedAt ?? f.x.startedAt)
    if (Number.isNaN(dateMs) || offset === null) return
    const serverMs = dateMs - offset
    const duration = Math.max(0, (f.x.respondedAt ?? f.x.startedAt) - f.x.startedAt)
    const oldest = serverMs - duration - ts * 1000
    const newest = serverMs + 1000 - ts * 1000
    const id = f.logId
    if (oldest > SIGNATURE_LIFETIME_MS) {
      t['signing.timestamp-skew'].fail(
        id,
        `x-timestamp was at least ${seconds(oldest)} s old at the server's clock; a signature lives 10 s. Sign just before sending (again on every retry) and keep the clock in sync (NTP).`,
      )
    } else if (-newest > SIGNATURE_LIFETIME_MS) {
      t['signing.timestamp-skew'].fail(
        id,
        `x-timestamp was at least ${seconds(-newest)} s ahead of the server's clock; more than 10 s is refused. The client's clock is fast: sync it (NTP).`,
      )
    } else if (oldest > SKEW_WARNING_MS || -newest > SKEW_WARNING_MS) {
      t['signing.timestamp-skew'].warn(
        id,
        `x-timestamp was ${seconds(oldest > 0 ? oldest : -newest)} s ${oldest > 0 ? 'behind' : 'ahead of'} the server's clock: over half the 10 s lifetime. Sync the clock (NTP) and sign at the moment of sending.`,
      )
    } else t['signing.timestamp-skew'].pass(id)
  }
}

function seconds(ms: number): string {
  return (Math.round(ms / 100) / 10).toFixed(1)
}
