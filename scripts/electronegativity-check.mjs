// Runs electronegativity over src/ for our Electron version and fails on any finding that the reviewed allow-list
// (security/electronegativity-allowlist.json) does not explain. electronegativity itself exits 0 even with findings,
// so this script reads its report. It asks for SARIF: electronegativity writes a CSV report's header and body with two
// racing asynchronous writes (the header sometimes overwrites the first finding), while SARIF is written once.
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

const root = new URL('..', import.meta.url).pathname
const electronVersion = JSON.parse(readFileSync(join(root, 'node_modules/electron/package.json'), 'utf8')).version
const dir = mkdtempSync(join(tmpdir(), 'pc-electronegativity-'))
const report = join(dir, 'report.sarif')

let sarif
try {
  const cli = join(root, 'node_modules/@doyensec/electronegativity/dist/index.js')
  const offline = join(root, 'scripts/electronegativity-offline.cjs')
  execFileSync(process.execPath, ['--require', offline, cli, '-i', join(root, 'src'), '-r', '-e', electronVersion, '-o', report], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'pipe'],
    timeout: 120_000,
  })
  sarif = JSON.parse(readFileSync(report, 'utf8'))
} catch (error) {
  console.error(`electronegativity did not produce a readable report: ${error.message}`)
  // process.exit() here would skip the finally below and leave the report folder behind.
  process.exitCode = 1
} finally {
  rmSync(dir, { recursive: true, force: true })
}
if (process.exitCode === 1) process.exit()

/** The source line a finding points at: what the allow-list's `contains` is matched against. */
function sampleAt(file, line) {
  try {
    return (
      readFileSync(join(root, 'src', file), 'utf8')
        .split('\n')
        [Math.max(0, line - 1)]?.trim() ?? ''
    )
  } catch {
    return ''
  }
}

const findings = (sarif.runs?.[0]?.results ?? []).map(r => {
  const where = r.locations?.[0]?.physicalLocation
  const file = where?.artifactLocation?.uri ?? 'N/A'
  const line = where?.region?.startLine ?? 1
  return { check: r.ruleId, level: r.level, file, line, sample: sampleAt(file, line), message: r.message?.text ?? '' }
})
const allow = JSON.parse(readFileSync(join(root, 'security/electronegativity-allowlist.json'), 'utf8'))
const used = new Set()
const unexplained = []
for (const f of findings) {
  const entry = allow.findIndex(a => a.check === f.check && a.file === f.file && (!a.contains || f.sample.includes(a.contains)))
  if (entry >= 0) used.add(entry)
  else unexplained.push(`${f.check} (${f.level}) at src/${f.file}:${f.line}: ${f.message}\n    ${f.sample.slice(0, 160)}`)
}
console.log(
  `electronegativity (Electron ${electronVersion}): ${findings.length} findings, ${findings.length - unexplained.length} explained by the allow-list.`,
)
for (const [i, s] of allow.entries()) if (!used.has(i)) console.log(`  note: allow-list entry no longer needed: ${s.check} in ${s.file}`)
if (unexplained.length > 0) {
  console.error(
    `\n${unexplained.length} finding(s) not explained in security/electronegativity-allowlist.json:\n  ${unexplained.join('\n  ')}`,
  )
  console.error('\nFix the code, or add a reviewed entry { check, file, contains?, reason } to the allow-list.')
  process.exit(1)
}
