import { z } from 'zod'
import { event, invoke, lazySchema } from './define'

// The `doctor:*` channels and events: the integration doctor judging a capture session's traffic against the rules
// of the spec, its drills, and its reports (docs/doctor.md). One doctor per capture session (capture:start starts
// it); after capture:stop its last scorecard stays readable until the next capture of that environment.

export type DoctorVerdict = 'pass' | 'fail' | 'warning' | 'not_exercised'

/** The drills, in the order `all` plays them (the engine's DRILL_NAMES; a test keeps both equal). */
export const DOCTOR_DRILL_NAMES = [
  'token-expiry',
  'rate-limit-retry-after',
  'rate-limit-no-retry-after',
  'service-unavailable',
  'date-skew',
  'slow-response',
] as const

export type DoctorDrillName = (typeof DOCTOR_DRILL_NAMES)[number]

/** One rule of the spec and its verdict so far. */
export interface DoctorRuleView {
  /** `signing.signature`, `tokens.refresh-on-expiry`, … (docs/doctor.md lists every one). */
  id: string
  /** The spec section that states the rule (`5.2`, `4.4–4.6, 5.1`). */
  section: string
  title: string
  verdict: DoctorVerdict
  /** What the partner's code must change (fail, warning), what was checked (pass), or why nothing was. */
  message: string
  /** Network-log ids of the exchanges behind the verdict (the first few; open them with log:get). */
  evidence: string[]
  /** How many exchanges were evidence in all (more than `evidence.length` when cut). */
  evidenceCount: number
  /** Findings recorded for this rule. */
  checked: number
}

/** One drill: whether it played, on which exchange, and what the client did next. */
export interface DoctorDrillView {
  name: DoctorDrillName
  /** The rule ids it exercises. */
  exercises: string[]
  state: 'waiting' | 'played' | 'answered'
  /** The drilled exchange's log id. */
  logId: string | null
  detail: string | null
  next: Array<{ logId: string; what: string; afterMs: number }>
}

/** The doctor of one capture session at one moment. */
export interface DoctorScorecard {
  envId: string
  /** When the capture session (and its doctor) started. */
  startedAt: string
  /** False once the capture stopped: the verdicts are final (open findings evaluated). */
  running: boolean
  exchanges: number
  counts: Record<DoctorVerdict, number>
  rules: DoctorRuleView[]
  drills: DoctorDrillView[]
  /** Drill operator calls that failed (the sandbox clock could not move): the drill did not play as planned. */
  drillErrors: string[]
  /** Judges that threw (a doctor bug, never the partner's): how many times, and the first message. */
  internalErrors: { count: number; first: string | null }
}

export type DoctorReportFormat = 'markdown' | 'junit' | 'json'

const envIdSchema = lazySchema(() => z.string().min(1).max(200).optional())

export const doctorChannels = {
  /** The scorecard of the environment's capture session (default: the active one); null when none ran yet. */
  'doctor:scorecard': invoke(() => z.object({ envId: envIdSchema }).strict()).returns<{ scorecard: DoctorScorecard | null }>(),
  /**
   * The report as text to save (secrets redacted): Markdown for a ticket, JUnit XML for CI, JSON for tools.
   * `fails` says whether CI would fail (any failed rule, or any warning when `strict`). not_found when no session ran.
   */
  'doctor:report': invoke(() =>
    z
      .object({
        envId: envIdSchema,
        format: z.enum(['markdown', 'junit', 'json']),
        strict: z.boolean().default(false),
      })
      .strict(),
  ).returns<{ format: DoctorReportFormat; fileName: string; mimeType: string; text: string; fails: boolean }>(),
  /**
   * Arms drills on the environment's running capture: `['all']` or names, played one at a time in the order given on
   * the partner's next matching requests. Replaces drills not yet played; conflict when no capture runs.
   */
  'doctor:drill': invoke(() =>
    z
      .object({
        envId: envIdSchema,
        drills: z
          .array(z.enum(['all', ...DOCTOR_DRILL_NAMES]))
          .min(1)
          .max(DOCTOR_DRILL_NAMES.length),
      })
      .strict(),
  ).returns<{ drills: DoctorDrillView[] }>(),
}

export const doctorEvents = {
  /**
   * The verdicts changed (throttled to one event per 250 ms per capture session, the last one always sent): the whole
   * scorecard, small (one row per rule), so a view can replace what it shows.
   */
  'doctor:verdict': event<{ envId: string; scorecard: DoctorScorecard }>(),
}
