import { constants } from 'node:fs'
import { access, stat } from 'node:fs/promises'
import { resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { setFlagsFromString } from 'node:v8'
import type { ReadBundle } from '../engine/bundle/bundle-reader'
import { ConsoleError } from '../engine/core/console-error'
import { authorizeHeadless, FlowWatcher } from '../engine/walkthrough/headless-authorize'
import { LineProgress } from '../engine/walkthrough/line-progress'
import { defaultDataDir } from '../runtime/data-folder-location'
import { printConsoleError } from './cli-hint'
import { type CliIo, processIo, usageError } from './io'
import { redactingIo } from './redacting-io'
import { jsonReportWriter, textReportWriter } from './replay-report'
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

/**
 * The exchanges (and body characters) this run's network log keeps: the fewest it accepts, as the replay never reads
 * them back (each kept exchange outlives a few collections of the young generation and is garbage in the old one).
 */
const REPLAY_LOG_CAPACITY = 10
const REPLAY_LOG_BODY_CHARS = 1024 * 1024
/**
 * How V8 sizes the heap during a replay, and its own defaults put back when the replay ends. Every entry's objects die
 * with it, so the heap's growth only holds garbage: the young generation does not grow (factor 1), and the old one grows
 * to 1.5× what is live after a full collection (V8 chooses up to 4× by itself). Measured on 10,000 entries: peak 1.6×
 * a 100-entry replay's with V8's sizing, ~1.2× with this, and no more CPU.
 */
const FRUGAL_HEAP = ['--semi-space-growth-factor=1', '--heap-growing-percent=50']
const V8_DEFAULT_HEAP = ['--semi-space-growth-factor=2', '--heap-growing-percent=0']

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
  const file = resolve(positionals[0] as string)
  try {
    await access(file, constants.R_OK)
    if (!(await stat(file)).isFile()) return usage(`cannot read ${positionals[0]}: it is not a file.`)
  } catch (error) {
    return usage(`cannot read ${positionals[0]}: ${(error as Error).message}`)
  }
  const mode = values.env !== undefined ? 'env' : 'sandbox'
  for (const flag of FRUGAL_HEAP) setFlagsFromString(flag)
  let wr: WhereRuntime | undefined
  let read: ReadBundle | undefined
  const safeIo = redactingIo(io, t => wr?.runtime.secrets.redact(t) ?? t)
  const progress = values.json ? safeIo.stderr : safeIo.stdout
  try {
    wr = await openWhereRuntime(mode, values, 'replay')
    const { bundles, replay } = wr.runtime.engine.bundle
    // Streamed from the file (never whole in memory): each entry is read and parsed as it is replayed, and its report
    // line written as soon as it is known. A file without the bundle's format is read as a plain HAR.
    read = await bundles.read({ file }, { consoleVersion: (await wr.runtime.info()).version })
    const note = read.bundle.note
    progress.write(
      `Replaying ${read.count} entr${read.count === 1 ? 'y' : 'ies'}${note ? ` (“${note}”)` : ''} against ${wr.env.name} (${wr.env.baseUrl})\n`,
    )
    if (mode === 'sandbox') await authorizeSandbox(wr, progress)
    // Nothing reads this run's network log after it (the report says everything): keeping its last exchanges only
    // keeps memory flat with the number of entries, whatever their bodies.
    await wr.call('log:configure', { capacity: REPLAY_LOG_CAPACITY, bodyBudgetChars: REPLAY_LOG_BODY_CHARS })
    const report = values.json ? jsonReportWriter(safeIo.stdout) : textReportWriter(safeIo.stdout)
    const { summary } = await replay.replayEach(read, { envId: wr.env.id, onStart: t => report.start(t), onEntry: e => report.entry(e) })
    report.end(summary)
    return summary.differentStatus > 0 || summary.failed > 0 ? 1 : 0
  } catch (error) {
    if (!(error instanceof ConsoleError)) throw error
    printConsoleError(safeIo, 'replay', error)
    return 1
  } finally {
    for (const flag of V8_DEFAULT_HEAP) setFlagsFromString(flag)
    await read?.close()
    await wr?.close()
  }
}

async function authorizeSandbox(wr: WhereRuntime, out: NodeJS.WritableStream): Promise<void> {
  const options = {
    call: wr.trusted,
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
