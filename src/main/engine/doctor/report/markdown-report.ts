import type { RuleResult, Verdict } from '../rule-tally'
import type { DoctorReport } from './doctor-report'

const MARK: Record<Verdict, string> = { fail: '❌ fail', warning: '⚠️ warning', pass: '✅ pass', not_exercised: '➖ not exercised' }
const ORDER: Verdict[] = ['fail', 'warning', 'pass', 'not_exercised']

/** The report for a ticket: failures first, each with what to change and its evidence, then the table of all rules. */
export function renderMarkdownReport(report: DoctorReport): string {
  const { scorecard: card } = report
  const c = card.counts
  const lines = [
    `# Integration doctor: ${text(report.environment)}`,
    '',
    `${report.generatedAt} · ${card.exchanges} exchanges · ${c.fail} failed, ${c.warning} warnings, ${c.pass} passed, ${c.not_exercised} not exercised${report.strict ? ' · strict' : ''}`,
    '',
  ]
  const findings = card.rules.filter(r => r.verdict === 'fail' || r.verdict === 'warning').sort(byVerdict)
  if (findings.length > 0) {
    lines.push('## What to change', '')
    for (const r of findings) {
      lines.push(`### ${MARK[r.verdict]}: ${text(r.title)} (spec ${r.section})`, '', text(r.message), '', `Evidence: ${evidence(r)}`, '')
    }
  }
  lines.push('## Every rule', '', '| Verdict | Rule | Spec | Evidence |', '|---|---|---|---|')
  for (const r of [...card.rules].sort(byVerdict)) {
    lines.push(`| ${MARK[r.verdict]} | ${cell(r.title)} | ${r.section} | ${cell(evidence(r))} |`)
  }
  if (report.drills.length > 0) {
    lines.push('', '## Drills', '', '| Drill | Played on | What the client did next | Rules |', '|---|---|---|---|')
    for (const d of report.drills) {
      const next =
        d.next.map(n => `${n.what} (+${(n.afterMs / 1000).toFixed(1)} s, ${n.logId})`).join('; ') ||
        (d.state === 'waiting' ? 'not played: no matching request' : 'nothing')
      lines.push(
        `| ${cell(d.name)} | ${cell(d.logId ? `${d.logId}: ${d.detail ?? ''}` : '—')} | ${cell(next)} | ${cell(d.exercises.join(', '))} |`,
      )
    }
  }
  if (card.internalErrors.count > 0) {
    lines.push('', `Doctor errors (not the integration's): ${card.internalErrors.count}, first: ${text(card.internalErrors.first ?? '')}`)
  }
  return `${lines.join('\n')}\n`
}

function byVerdict(a: RuleResult, b: RuleResult): number {
  return ORDER.indexOf(a.verdict) - ORDER.indexOf(b.verdict)
}

function evidence(r: RuleResult): string {
  if (r.evidence.length === 0) return '—'
  const more = r.evidenceCount - r.evidence.length
  return `${r.evidence.map(id => `\`${id.replace(/`/g, "'")}\``).join(', ')}${more > 0 ? ` and ${more} more` : ''}`
}

/** Text from traffic cannot open HTML or break out of its line. */
function text(value: string): string {
  return value
    .replace(/[\r\n]+/g, ' ')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
}

function cell(value: string): string {
  return text(value).replace(/\|/g, '\\|')
}
