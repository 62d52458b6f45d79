import { readFile } from 'node:fs/promises'
import { resolve } from 'node:path'
import { parseArgs } from 'node:util'
import type { ReplayReport } from '../../shared/contract'
import { ConsoleError } from '../engine/core/console-error'
import { authorizeHeadless, FlowWatcher } from '../engine/walkthrough/headless-authorize'
import { LineProgress } from '../engine/walkthrough/line-progress'
import { defaultDataDir } from '../runtime/data-folder-location'
import { printConsoleError } from './cli-hint'
import { type CliIo, processIo, usageError } from './io'
import { redactingIo } from './redacting-io'
import { openWhereRuntime, type WhereRuntime } from './where-runtime'

const HELP = `partner-console replay FILE [--sandbox | --env NAME] [--json] [--data-dir DIR]

Replays a repro bundle (or a HAR file) against the built-in sandbox or one of your saved environments, with fresh
tokens and fresh signatures (a captured credential is never sent again), and compares each answer with the original:
same status, different status, different body. Token and authorize exchanges are not replayed: the replay runs on
the target environment's own tokens (the sandbox authorizes by itself; a saved environment must have tokens).

  --sandbox        a built-in sandbox started for this run (the default)
  --env NAME       a saved environment (name or id) of the data folder
  --data-dir DIR   where saved environments live, for --env (default: ${defaultDataDir()})
  --json           print the report as JSON

Exit code: 0 when every replayed status matches its original, 1 when one differs or a replay failed, 2 for a
usage error.
`

const LABEL: Record<string, string> = {
  same: 'same',
  'different-status': 'DIFFERENT STATUS',
  'different-body': 'different body',
  failed: 'FAILED',
  skipped: 'skipped',
}

/** `partner-console replay`: a bundle's API calls sent again and compared; returns the exit code. */
export async function runReplayCommand(argv: string[], io: CliIo = processIo): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    options: {
      sandbox: { type: 'boolean', default: false },
      env: { type: 'string' },
      'data-dir': { type: 'string' },
      json: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
    allowPositionals: true,
    strict: true,
  })
  if (values.help) {
    io.stdout.write(HELP)
    return 0
  }
  const usage = usageError(io, 'replay')
  if (positionals.length !== 1) return usage('give exactly one bundle or HAR file.')
  if (values.sandbox && values.env !== undefined) return usage('choose one of --sandbox or --env NAME.')
  let text: string
  try {
    text = await readFile(resolve(positionals[0] as string), 'utf8')
  } catch (error) {
    return usage(`cannot read ${positionals[0]}: ${(error as Error).message}`)
  }
  const mode = values.env !== undefined ? 'env' : 'sandbox'
  let wr: WhereRuntime | undefined
  const safeIo = redactingIo(io, t => wr?.runtime.secrets.redact(t) ?? t)
  const progress = values.json ? safeIo.stderr : safeIo.stdout
  try {
    wr = await openWhereRuntime(mode, values, 'replay')
    const bundleText = text.includes('"partner-console-repro-bundle"') ? text : await asBundle(wr, text)
    const opened = await wr.call('bundle:open', { text: bundleText })
    progress.write(
      `Replaying ${opened.timeline.length} entr${opened.timeline.length === 1 ? 'y' : 'ies'}${opened.bundle.note ? ` (“${opened.bundle.note}”)` : ''} against ${wr.env.name} (${wr.env.baseUrl})\n`,
    )
    if (mode === 'sandbox') await authorizeSandbox(wr, progress)
    const report = await wr.call('bundle:replay', { text: bundleText, envId: wr.env.id })
    if (values.json) safeIo.stdout.write(`${JSON.stringify(report, null, 2)}\n`)
    else printReport(report, safeIo.stdout)
    return report.summary.differentStatus > 0 || report.summary.failed > 0 ? 1 : 0
  } catch (error) {
    if (!(error instanceof ConsoleError)) throw error
    printConsoleError(safeIo, 'replay', error)
    return 1
  } finally {
    await wr?.close()
  }
}

/** A plain HAR (a merchant's export) becomes a bundle with nothing but its entries, so both replay the same way. */
async function asBundle(wr: WhereRuntime, harText: string): Promise<string> {
  let har: unknown
  try {
    har = JSON.parse(harText)
  } catch (error) {
    throw new ConsoleError('invalid_request', `The file is neither a repro bundle nor a HAR: ${(error as Error).message}.`)
  }
  return JSON.stringify({
    format: 'partner-console-repro-bundle',
    version: 1,
    createdAt: new Date().toISOString(),
    consoleVersion: (await wr.call('app:info', {})).version,
    note: 'from a HAR file',
    environment: null,
    clockSkew: null,
    quotas: [],
    tokens: { access: null, refresh: null },
    lifecycle: [],
    har,
  })
}

async function authorizeSandbox(wr: WhereRuntime, out: NodeJS.WritableStream): Promise<void> {
  const options = {
    call: wr.call,
    events: (listener: Parameters<typeof wr.runtime.bus.subscribe>[0]) => wr.runtime.bus.subscribe(listener),
    envId: wr.env.id,
    autoConsent: true,
    authorizeTimeoutSeconds: 30,
    from: '',
    to: '',
    progress: new LineProgress(out),
  }
  const watcher = new FlowWatcher(options)
  try {
    const { flowId } = await authorizeHeadless(options, watcher)
    await watcher.until(flowId, step => step === 'done', 30_000)
  } finally {
    watcher.close()
  }
}

function printReport(report: ReplayReport, out: NodeJS.WritableStream): void {
  for (const e of report.entries) {
    const replay = e.replay.status ?? (e.replay.error ? 'error' : '—')
    const why = e.reason ? ` (${e.reason})` : e.replay.error ? ` (${e.replay.error})` : ''
    out.write(`[${e.index + 1}] ${e.method} ${e.path}  ${e.original.status} → ${replay}  ${LABEL[e.outcome]}${why}\n`)
  }
  const s = report.summary
  out.write(
    `Summary: ${s.same} same, ${s.differentStatus} different status, ${s.differentBody} different body, ${s.failed} failed, ${s.skipped} skipped.\n`,
  )
}
