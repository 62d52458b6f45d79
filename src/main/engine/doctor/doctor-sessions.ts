import type { DoctorDrillView, DoctorReportFormat, DoctorScorecard } from '../../../shared/contract/doctor'
import type { CaptureService, CaptureSessionHooks } from '../capture/capture-service'
import { ConsoleError } from '../core/console-error'
import type { ResolvedEnvironment } from '../core/ports'
import type { SecretRegistry } from '../core/secret-registry'
import type { QuotaLimits } from '../quota/quota-limits'
import { Doctor, type Scorecard } from './doctor'
import { parseDrills } from './drills/drill-catalogue'
import { type DrillOptions, type DrillOutcome, DrillRunner, type SandboxClockPort } from './drills/drill-runner'
import type { ServerClockShift } from './judge'
import { buildReport, reportFails } from './report/doctor-report'
import { renderJsonReport } from './report/json-report'
import { renderJunitReport } from './report/junit-report'
import { renderMarkdownReport } from './report/markdown-report'

interface DoctorSessionsDeps {
  capture: CaptureService
  secrets: SecretRegistry
  /** The sandbox's clock when the environment is the built-in sandbox (the token drill then expires for real). */
  sandboxClock(env: ResolvedEnvironment): SandboxClockPort | undefined
  /** Section 8's limits as the console knows them (the user's overrides included). */
  limits?: () => QuotaLimits
  /** The verdicts changed: called at most every `verdictEveryMs` per session, and once more when it ends. */
  onVerdict?: (scorecard: DoctorScorecard) => void
  verdictEveryMs?: number
  /** Drill settings (tests shorten the waits). */
  drillOptions?: Omit<DrillOptions, 'sandboxClock'>
}

const FORMATS: Record<DoctorReportFormat, { fileName: string; mimeType: string; render: typeof renderJsonReport }> = {
  markdown: { fileName: 'doctor-report.md', mimeType: 'text/markdown', render: renderMarkdownReport },
  junit: { fileName: 'doctor-junit.xml', mimeType: 'application/xml', render: renderJunitReport },
  json: { fileName: 'doctor-report.json', mimeType: 'application/json', render: renderJsonReport },
}

/**
 * One integration doctor per capture session, shared by the app and the CLI: it starts with the capture, judges
 * each exchange as it is recorded (before any other observer, then the drills see it), plays the drills armed on
 * it, and keeps its final verdicts readable after the capture stops, until the environment's next capture.
 */
export class DoctorSessions {
  private readonly sessions = new Map<string, DoctorSession>()

  constructor(private readonly deps: DoctorSessionsDeps) {
    deps.capture.onSession(env => this.begin(env))
  }

  /** The environment's doctor now (live while its capture runs, final after); null when no capture ran. */
  scorecard(envId: string): DoctorScorecard | null {
    return this.sessions.get(envId)?.view() ?? null
  }

  /** The report in one format, passed through the secret registry; not_found when no capture ran. */
  report(
    envId: string,
    format: DoctorReportFormat,
    strict = false,
  ): { format: DoctorReportFormat; fileName: string; mimeType: string; text: string; fails: boolean } {
    const session = this.session(envId)
    const report = buildReport(
      { environment: session.envName, strict, scorecard: session.card(), drills: session.drills() },
      this.deps.secrets,
    )
    const f = FORMATS[format]
    return { format, fileName: f.fileName, mimeType: f.mimeType, text: f.render(report), fails: reportFails(report) }
  }

  /** Arms drills (`all` or names) on the environment's running capture; conflict when none runs. */
  arm(envId: string, names: readonly string[]): DoctorDrillView[] {
    const session = this.session(envId)
    if (!session.running) {
      throw new ConsoleError('conflict', `No capture runs for ${session.envName}: a drill plays on captured traffic.`, {
        hint: 'Start the capture (capture:start, or partner-console doctor), then arm the drills.',
      })
    }
    session.arm(parseDrills(names))
    return session.drillViews()
  }

  private session(envId: string): DoctorSession {
    const session = this.sessions.get(envId)
    if (!session) {
      throw new ConsoleError('not_found', 'No capture has run for this environment yet, so the doctor has nothing to judge.', {
        hint: 'Start a capture of this environment and run your integration through it.',
      })
    }
    return session
  }

  private begin(env: ResolvedEnvironment): CaptureSessionHooks {
    const session = new DoctorSession(env, this.deps)
    this.sessions.get(env.id)?.dispose()
    this.sessions.set(env.id, session)
    return session.hooks
  }
}

/** The doctor of one capture session, its drills (re-armed by the app as it likes) and its throttled verdict events. */
class DoctorSession {
  readonly envName: string
  running = true
  private readonly startedAt = new Date().toISOString()
  private readonly doctor: Doctor
  private readonly shifts: ServerClockShift[] = []
  private runner: DrillRunner | null = null
  private readonly played: DrillOutcome[] = []
  private readonly drillErrors: string[] = []
  private final: Scorecard | null = null
  private timer: NodeJS.Timeout | null = null
  private lastEmit = 0

  constructor(
    private readonly env: ResolvedEnvironment,
    private readonly deps: DoctorSessionsDeps,
  ) {
    this.envName = env.name
    // Every drill runner of the session may have moved the sandbox clock: the skew rule subtracts all their moves.
    const clock: ServerClockShift = {
      offsetDuring: (startedAt, respondedAt) => {
        let sum = 0
        for (const shift of this.shifts) {
          const offset = shift.offsetDuring(startedAt, respondedAt)
          if (offset === null) return null
          sum += offset
        }
        return sum
      },
    }
    this.doctor = new Doctor({
      clientId: env.clientId,
      clientSecret: env.clientSecret,
      registeredRedirectUris: [env.redirectUri],
      limits: deps.limits?.(),
      clock,
    })
  }

  readonly hooks: CaptureSessionHooks = {
    observe: exchange => {
      this.doctor.observe(exchange)
      this.runner?.observe(exchange)
      this.changed()
    },
    interceptor: () => this.runner,
    ended: () => this.end(),
  }

  arm(names: ReturnType<typeof parseDrills>): void {
    const previous = this.runner
    if (previous) {
      this.played.push(...previous.results().filter(d => d.state !== 'waiting'))
      void this.retire(previous)
    }
    const sandboxClock = this.deps.sandboxClock(this.env)
    this.runner = new DrillRunner(names, { ...this.deps.drillOptions, ...(sandboxClock ? { sandboxClock } : {}) })
    this.shifts.push(this.runner.clock)
    this.changed()
  }

  card(): Scorecard {
    return this.final ?? this.doctor.scorecard(Date.now())
  }

  drills(): DrillOutcome[] {
    return [...this.played, ...(this.runner?.results() ?? [])]
  }

  drillViews(): DoctorDrillView[] {
    return this.drills().map(d => ({ ...d, next: [...d.next] }))
  }

  view(): DoctorScorecard {
    const card = this.card()
    return {
      envId: this.env.id,
      startedAt: this.startedAt,
      running: this.running,
      exchanges: card.exchanges,
      counts: { ...card.counts },
      rules: card.rules.map(r => ({ ...r, evidence: [...r.evidence] })),
      drills: this.drillViews(),
      drillErrors: [...this.drillErrors, ...(this.runner?.errors ?? [])],
      internalErrors: { ...card.internalErrors },
    }
  }

  /** Stops the verdict timer (a newer capture of the environment replaced this session). */
  dispose(): void {
    if (this.timer) clearTimeout(this.timer)
    this.timer = null
  }

  private async end(): Promise<void> {
    if (!this.running) return
    if (this.runner) await this.runner.close()
    this.running = false
    // The command has ended: findings that waited on the future (a 401 never refreshed) are decided now.
    this.final = this.doctor.scorecard(Number.POSITIVE_INFINITY)
    this.dispose()
    this.deps.onVerdict?.(this.view())
  }

  private async retire(runner: DrillRunner): Promise<void> {
    await runner.close()
    this.drillErrors.push(...runner.errors)
  }

  /** The throttle of `doctor:verdict`: at once when the last one is old enough, else once at the end of the wait. */
  private changed(): void {
    const every = this.deps.verdictEveryMs ?? 250
    if (!this.deps.onVerdict || this.timer || !this.running) return
    const wait = Math.max(0, this.lastEmit + every - Date.now())
    this.timer = setTimeout(() => {
      this.timer = null
      this.lastEmit = Date.now()
      if (this.running) this.deps.onVerdict?.(this.view())
    }, wait)
    this.timer.unref()
  }
}
