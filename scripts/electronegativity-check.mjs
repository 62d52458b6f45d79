// Runs electronegativity over src/ for our Electron version and fails on any finding that the reviewed allow-list
// (security/electronegativity-allowlist.json) does not explain. electronegativity itself exits 0 even with findings,
// so this script reads its CSV report.
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

const root = new URL('..', import.meta.url).pathname
const electronVersion = JSON.parse(readFileSync(join(root, 'node_modules/electron/package.json'), 'utf8')).version
const dir = mkdtempSync(join(tmpdir(), 'pc-electronegativity-'))
const report = join(dir, 'report.csv')

try {
  execFileSync(join(root, 'node_modules/.bin/electronegativity'), ['-i', join(root, 'src'), '-r', '-e', electronVersion, '-o', report], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'pipe'],
    timeout: 120_000,
  })
} catch (error) {
  console.error(`electronegativity failed to run: ${error.message}`)
  process.exit(1)
}

/** Minimal RFC 4180 CSV parser (quoted fields may hold commas and doubled quotes). */
function parseCsv(text) {
  const rows = []
  let row = []
  let field = ''
  let quoted = false
  for (let i = 0; i < text.length; i++) {
    const c = text[i]
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"'
        i++
      } else if (c === '"') quoted = false
      else field += c
    } else if (c === '"') quoted = true
    else if (c === ',') {
      row.push(field.trim())
      field = ''
    } else if (c === '\n') {
      row.push(field.trim())
      rows.push(row)
      row = []
      field = ''
    } else if (c !== '\r') field += c
  }
  if (field || row.length) rows.push([...row, field.trim()])
  return rows
}

let rows
try {
  rows = parseCsv(readFileSync(report, 'utf8')).filter((r) => r.length >= 5)
} catch {
  console.error('electronegativity wrote no report.')
  process.exit(1)
} finally {
  rmSync(dir, { recursive: true, force: true })
}
const [, ...findings] = rows
const allow = JSON.parse(readFileSync(join(root, 'security/electronegativity-allowlist.json'), 'utf8'))
const used = new Set()
const unexplained = []
for (const [check, severity, confidence, file, location, sample] of findings) {
  const entry = allow.findIndex((a) => a.check === check && a.file === file && (!a.contains || sample.includes(a.contains)))
  if (entry >= 0) used.add(entry)
  else unexplained.push(`${check} (${severity}/${confidence}) at src/${file}:${location}\n    ${sample.slice(0, 160)}`)
}
const stale = allow.filter((_, i) => !used.has(i))
console.log(`electronegativity (Electron ${electronVersion}): ${findings.length} findings, ${findings.length - unexplained.length} explained by the allow-list.`)
for (const s of stale) console.log(`  note: allow-list entry no longer needed: ${s.check} in ${s.file}`)
if (unexplained.length > 0) {
  console.error(`\n${unexplained.length} finding(s) not explained in security/electronegativity-allowlist.json:\n  ${unexplained.join('\n  ')}`)
  console.error('\nFix the code, or add a reviewed entry { check, file, contains?, reason } to the allow-list.')
  process.exit(1)
}
