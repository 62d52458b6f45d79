import { writeFile } from 'node:fs/promises'
import { resolve } from 'node:path'
import { parseArgs } from 'node:util'
import type { DoctorReportFormat, DoctorScorecard, DoctorVerdict } from '../../shared/contract/doctor'
import { DRILL_NAMES, parseDrills } from '../engine/doctor/drills/drill-catalogue'
import type { Runtime } from '../runtime/create-runtime'
import { runCaptureCommand } from './capture-command'
import { type CliIo, processIo, usageError } from './io'

const HELP = `partner-console doctor [--sandbox | --env NAME | --auth-url URL --base-url URL --client-id ID]
                       [--drills all|NAME[,NAME...]] [--report FILE.md] [--junit FILE.xml] [--json FILE]
                       [--strict] [capture options] -- COMMAND ARGS...

Runs your integration (or its test suite) through the capture and judges every exchange against the rules of the
spec (signing, tokens, authorization, rate limits, requests), then prints the scorecard: each rule with its verdict,
what to change, and the log ids of its evidence. Drills play faults on your command's next matching requests (an
expired token, a 429 with and without Retry-After, a 503, a skewed Date, a slow answer) to see what your code does.

  --drills all|NAME,...  drills to play, one at a time, in order (repeat the option or separate with commas):
                         ${DRILL_NAMES.join(', ')}
  --report FILE.md       write the report for a ticket (Markdown)
  --junit FILE.xml       write the report for CI (JUnit XML: one testcase per rule)
  --json FILE            write the report for tools (JSON, format partner-console-doctor/1)
  --strict               warnings fail too

Every option of \`partner-console capture\` works here (--mode gateway|proxy, --har, ports, network options); with
--sandbox the built-in sandbox consents by itself (--auto-consent allow) unless told --auto-consent deny. See
\`partner-console capture --help\`. Reports never contain a secret or a token.

In CI:  partner-console doctor --sandbox --drills all --junit doctor.xml -- npm test

Exit code:
  0  every rule passed or was not exercised (warnings allowed unless --strict), and the command succeeded
  1  a rule failed (or, with --strict, warned); the command's own exit code is printed too
  2  usage error
  3  every rule passed but the command itself failed (its exit code is printed): its failure is never hidden
  4  the doctor could not run (the capture could not start, a report could not be written)
`

const MARK: Record<DoctorVerdict, string> = { fail: 'FAIL', warning: 'WARN', pass: 'pass', not_exercised: ' -- ' }
const ORDER: DoctorVerdict[] = ['fail', 'warning', 'pass', 'not_exercised']

/** `partner-console doctor`: the capture with the integration doctor judging it; returns the exit code. */
export async function runDoctorCommand(argv: string[], io: CliIo = processIo): Promise<number> {
  const split = argv.indexOf('--')
  const own = split >= 0 ? argv.slice(0, split) : argv
  const command = split >= 0 ? argv.slice(split + 1) : []
  // The doctor's own options are taken out; everything else is the capture's, parsed (and refused) by it.
  const { values, tokens } = parseArgs({
    args: own,
    options: {
      drills: { type: 'string', multiple: true },
      report: { type: 'string' },
      junit: { type: 'string' },
      json: { type: 'string' },
      strict: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
    strict: false,
    tokens: true,
  })
  if (values.help === true) {
    io.stdout.write(HELP)
    return 0
  }
  const usage = usageError(io, 'doctor')
  if (command.length === 0) return usage('give the command to judge after --, e.g. `partner-console doctor --sandbox -- npm test`.')
  const mine = new Set(['drills', 'report', 'junit', 'json', 'strict'])
  const rest: string[] = []
  for (const t of tokens) {
    if (t.kind === 'option' && mine.has(t.name)) continue
    if (t.kind === 'option') rest.push(t.rawName, ...(t.inlineValue === false && t.value !== undefined ? [t.value] : []))
    if (t.kind === 'option' && t.inlineValue === true) rest[rest.length - 1] = `${t.rawName}=${t.value}`
    if (t.kind === 'positional') rest.push(t.value)
  }
  for (const flag of ['drills', 'report', 'junit', 'json'] as const) {
    const v = values[flag]
    const list = Array.isArray(v) ? v : [v]
    if (v !== undefined && list.some(x => typeof x !== 'string' || x === '')) return usage(`--${flag} needs a value.`)
  }
  let drills: ReturnType<typeof parseDrills> = []
  try {
    const names = ((values.drills as string[] | undefined) ?? []).flatMap(v => v.split(',')).map(v => v.trim())
    if (names.length > 0) drills = parseDrills(names.includes('all') ? ['all'] : names)
  } catch (error) {
    const hint = (error as { hint?: string }).hint
    return usage(`${(error as Error).message}${hint ? ` ${hint}` : ''}`)
  }
  const strict = values.strict === true
  const files: Array<[DoctorReportFormat, string]> = []
  for (const [flag, format] of [
    ['report', 'markdown'],
    ['junit', 'junit'],
    ['json', 'json'],
  ] as const) {
    const file = values[flag]
    if (typeof file === 'string') files.push([format, resolve(file)])
  }

  return runCaptureCommand([...rest, '--', ...command], io, {
    name: 'doctor',
    autoConsent: 'allow',
    couldNotStart: 4,
    refuse: v =>
      v.client !== undefined ? '--client is not supported: the doctor judges the built-in sandbox client the command is given.' : null,
    started: (rt, envId) => {
      if (drills.length > 0) rt.engine.doctor.arm(envId, drills)
    },
    finished: (rt, envId, code, out) => finish(rt, envId, { code, strict, files }, out),
  })
}

async function finish(
  rt: Runtime,
  envId: string,
  run: { code: number; strict: boolean; files: Array<[DoctorReportFormat, string]> },
  io: CliIo,
): Promise<number> {
  const card = rt.engine.doctor.scorecard(envId)
  if (!card) throw new Error('the doctor did not run with the capture')
  io.stdout.write(renderScorecard(card, run.strict))
  let fails = false
  for (const [format, file] of run.files) {
    const report = rt.engine.doctor.report(envId, format, run.strict)
    fails = report.fails
    try {
      await writeFile(file, report.text)
    } catch (error) {
      io.stderr.write(
        `partner-console doctor: could not write the ${format} report to ${file}: ${(error as Error).message}\nhint: check that its folder exists and is writable.\n`,
      )
      return 4
    }
    io.stderr.write(`Doctor ${format} report: ${file}\n`)
  }
  if (run.files.length === 0) fails = rt.engine.doctor.report(envId, 'json', run.strict).fails
  const command = run.code === 0 ? 'The command succeeded.' : `The command failed (exit code ${run.code}).`
  if (fails) {
    io.stdout.write(`Doctor: the integration breaks ${describeFailures(card, run.strict)}. ${command}\n`)
    return 1
  }
  if (run.code !== 0) {
    io.stdout.write(`Doctor: no rule failed, but the command failed (exit code ${run.code}): exit code 3.\n`)
    return 3
  }
  io.stdout.write(`Doctor: no rule failed. ${command}\n`)
  return 0
}

function describeFailures(card: DoctorScorecard, strict: boolean): string {
  const bad = card.rules.filter(r => r.verdict === 'fail' || (strict && r.verdict === 'warning')).map(r => r.id)
  return `${bad.length} rule${bad.length === 1 ? '' : 's'} (${bad.join(', ')})`
}

/** The scorecard for a terminal: failures and warnings first with what to change and the evidence, then the rest. */
function renderScorecard(card: DoctorScorecard, strict: boolean): string {
  const c = card.counts
  const lines = [
    '',
    `Integration doctor: ${card.exchanges} exchanges judged · ${c.fail} failed, ${c.warning} warnings, ${c.pass} passed, ${c.not_exercised} not exercised${strict ? ' · strict' : ''}`,
  ]
  const rules = [...card.rules].sort((a, b) => ORDER.indexOf(a.verdict) - ORDER.indexOf(b.verdict))
  for (const r of rules) {
    lines.push(`  ${MARK[r.verdict]}  ${r.id.padEnd(28)} spec ${r.section.padEnd(12)} ${r.title}`)
    if (r.verdict === 'fail' || r.verdict === 'warning') {
      lines.push(`        ${r.message}`)
      const more = r.evidenceCount - r.evidence.length
      if (r.evidence.length) lines.push(`        evidence: ${r.evidence.join(', ')}${more > 0 ? ` and ${more} more` : ''}`)
    }
  }
  if (card.drills.length > 0) {
    lines.push('Drills:')
    for (const d of card.drills) {
      const next = d.next.map(n => `${n.what} (+${(n.afterMs / 1000).toFixed(1)} s)`).join('; ')
      const what = d.state === 'waiting' ? 'not played: no matching request came' : `${d.detail ?? ''} → ${next || 'nothing after it'}`
      lines.push(`  ${d.name.padEnd(26)} ${what}`)
    }
  }
  for (const e of card.drillErrors) lines.push(`  drill error: ${e}`)
  if (card.internalErrors.count > 0) {
    lines.push(`Doctor errors (not the integration's): ${card.internalErrors.count}, first: ${card.internalErrors.first}`)
  }
  return `${lines.join('\n')}\n`
}
