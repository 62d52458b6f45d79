// Totals the vitest and Playwright JSON reports into one plain line: "N passed, N failed, N skipped".
import { existsSync, readFileSync } from 'node:fs'

const root = new URL('..', import.meta.url).pathname
let passed = 0
let failed = 0
let skipped = 0
const notes = []

const vitest = `${root}reports/vitest.json`
if (existsSync(vitest)) {
  const r = JSON.parse(readFileSync(vitest, 'utf8'))
  passed += r.numPassedTests ?? 0
  failed += (r.numFailedTests ?? 0) + (r.numRuntimeErrorTestSuites ?? 0)
  skipped += (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0)
  notes.push(`vitest: ${r.numPassedTests} passed, ${r.numFailedTests} failed`)
} else notes.push('vitest: no report (did not run)')

const pw = `${root}reports/playwright.json`
if (existsSync(pw)) {
  const s = JSON.parse(readFileSync(pw, 'utf8')).stats ?? {}
  passed += (s.expected ?? 0) + (s.flaky ?? 0)
  failed += s.unexpected ?? 0
  skipped += s.skipped ?? 0
  notes.push(`playwright: ${(s.expected ?? 0) + (s.flaky ?? 0)} passed, ${s.unexpected ?? 0} failed, ${s.skipped ?? 0} skipped`)
} else notes.push('playwright: no report (did not run)')

console.log(`(${notes.join('; ')})`)
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`)
// A suite that wrote no report did not run: that is a failure even when the command before said nothing.
if (notes.some(n => n.includes('no report'))) process.exitCode = 1
