import type { DoctorReport } from './doctor-report'

/**
 * The report for CI: one testsuite, one testcase per rule (classname = the spec section). A failed rule is a
 * <failure>; a warning is a <failure> under --strict, else a pass with the warning in <system-out>; a rule not
 * exercised is <skipped>. Every text and attribute is escaped, and characters XML cannot hold are dropped.
 */
export function renderJunitReport(report: DoctorReport): string {
  const card = report.scorecard
  const failures = card.rules.filter(r => r.verdict === 'fail' || (report.strict && r.verdict === 'warning')).length
  const skipped = card.rules.filter(r => r.verdict === 'not_exercised').length
  const out = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="partner-console doctor" tests="${card.rules.length}" failures="${failures}" errors="0" skipped="${skipped}">`,
    `  <testsuite name="${attr(`integration doctor: ${report.environment}`)}" tests="${card.rules.length}" failures="${failures}" errors="0" skipped="${skipped}" timestamp="${attr(report.generatedAt)}">`,
  ]
  for (const r of card.rules) {
    const evidence = `Evidence: ${r.evidence.join(', ') || 'none'}${r.evidenceCount > r.evidence.length ? ` and ${r.evidenceCount - r.evidence.length} more` : ''}`
    out.push(`    <testcase classname="${attr(`spec ${r.section}`)}" name="${attr(`${r.id}: ${r.title}`)}">`)
    if (r.verdict === 'fail' || (report.strict && r.verdict === 'warning')) {
      out.push(`      <failure type="${r.verdict}" message="${attr(r.message)}">${xmlText(`${r.message}\n${evidence}`)}</failure>`)
    } else if (r.verdict === 'not_exercised') {
      out.push(`      <skipped message="${attr(r.message)}"/>`)
    } else if (r.verdict === 'warning') {
      out.push(`      <system-out>${xmlText(`warning: ${r.message}\n${evidence}`)}</system-out>`)
    }
    out.push('    </testcase>')
  }
  out.push('  </testsuite>', '</testsuites>', '')
  return out.join('\n')
}

/** Drops what XML 1.0 cannot carry (control characters but tab and newlines, lone surrogates, U+FFFE/FFFF). */
function clean(value: string): string {
  let out = ''
  for (const ch of value) {
    const c = ch.codePointAt(0)!
    const allowed = c === 0x9 || c === 0xa || c === 0xd || (c >= 0x20 && c < 0xd800) || (c > 0xdfff && c < 0xfffe) || c > 0xffff
    if (allowed) out += ch
  }
  return out
}

function xmlText(value: string): string {
  return clean(value).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
}

function attr(value: string): string {
  return xmlText(value)
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;')
    .replace(/\n/g, '&#10;')
    .replace(/\r/g, '&#13;')
    .replace(/\t/g, '&#9;')
}
