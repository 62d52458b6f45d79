import type { DoctorReport } from './doctor-report'

/** The report for tools: the whole model, stable field names, one verdict per rule. */
export function renderJsonReport(report: DoctorReport): string {
  return `${JSON.stringify({ format: 'partner-console-doctor/1', ...report }, null, 2)}\n`
}
