import type { SecretRegistry } from '../../core/secret-registry'
import type { Scorecard } from '../doctor'
import type { DrillOutcome } from '../drills/drill-runner'

/** Everything a report file holds: the scorecard, the drills, and where they were judged. */
export interface DoctorReport {
  generatedAt: string
  environment: string
  /** True when warnings count as failures (`--strict`). */
  strict: boolean
  scorecard: Scorecard
  drills: DrillOutcome[]
}

/**
 * Builds the report every file writer renders, passed through the secret registry (the environment's secret, the
 * tokens the capture saw): a verdict never quotes a token or the secret, and this is the second wall, for any
 * value that reached a message anyway (a path, a header value quoted in an explanation).
 */
export function buildReport(
  input: { environment: string; strict?: boolean; scorecard: Scorecard; drills?: DrillOutcome[]; now?: Date },
  secrets: SecretRegistry,
): DoctorReport {
  return secrets.redactDeep({
    generatedAt: (input.now ?? new Date()).toISOString(),
    environment: input.environment,
    strict: input.strict ?? false,
    scorecard: input.scorecard,
    drills: input.drills ?? [],
  })
}

/** Whether the partner's CI should fail: any failed rule, or any warning under `--strict`. */
export function reportFails(report: DoctorReport): boolean {
  const c = report.scorecard.counts
  return c.fail > 0 || (report.strict && c.warning > 0)
}
