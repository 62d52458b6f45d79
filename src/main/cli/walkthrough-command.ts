import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { findScenario, SCENARIOS, scenarioNames } from '../../sandbox/data/scenario-catalog'
import { EXPORT_DATE } from '../../shared/spec'
import { ConsoleError } from '../engine/core/console-error'
import { createKeyFileCipher } from '../engine/vault/keyfile-cipher'
import { createMemoryCipher } from '../engine/vault/memory-cipher'
import { LineProgress } from '../engine/walkthrough/line-progress'
import { runWalkthrough } from '../engine/walkthrough/walkthrough-flow'
import { defaultDataDir } from '../runtime/data-folder-location'
import { acquireDataFolderLock, whileLocked } from '../runtime/data-folder-lock'
import { createWalkRuntime, type WalkRuntime } from '../runtime/walk-runtime'
import { bridgeCalls } from './bridge-calls'
import { printConsoleError } from './cli-hint'
import { chosenDataDir } from './data-dir-choice'
import { type CliIo, processIo, usageError } from './io'
import { NETWORK_HELP, NETWORK_OPTIONS, parseNetworkArgs } from './network-args'
import { redactingIo } from './redacting-io'
import { chooseEnvironment, parseWhere, WHERE_OPTIONS } from './where-args'

const HELP = `partner-console walkthrough [--sandbox | --env NAME | --auth-url URL --base-url URL --client-id ID --redirect-uri URI]
                            [--scenario NAME] [--har FILE] [--bundle FILE [--note TEXT]] [--json] [options]

Runs the whole flow headless, one progress line per step: authorize (loopback catch), token, locations, install,
export tickets (HMAC), then writes a sanitized HAR of every exchange.

Where to run it:
  --sandbox             a built-in sandbox started for this run, with auto-consent (the default)
  --env NAME            a saved environment (name or id) of the data folder
  --auth-url URL        an environment from flags, e.g. your real credentials in CI, with --base-url, --client-id and
  --base-url URL          --redirect-uri (a loopback URI registered for the client, http://127.0.0.1:PORT/callback);
  --client-id ID          the client secret is read from PARTNER_CLIENT_SECRET, never from a flag
  --redirect-uri URI

Options:
  --scenario NAME       put the built-in sandbox into a state a merchant reports first (with --sandbox only):
${SCENARIOS.map(s => `                          ${s.name.padEnd(22)} ${s.title}`).join('\n')}
  --har FILE            write the sanitized HAR there
  --bundle FILE         also write a repro bundle of the run there (HAR, environment without secrets, skew, quotas,
                          token fingerprints and lifecycle); --note TEXT is kept in it
  --json                print a JSON report on stdout (progress lines go to stderr)
  --auto-consent        the server answers the authorize URL itself (a sandbox run with auto-consent)
  --open                also open the authorize URL in the default browser
  --timeout SECONDS     how long to wait for the redirect after printing the URL (default 300)
  --location ID         the location to install at (default: the first one listed)
  --confirm-production NAME
                        the environment's name, typed: the install on an environment marked production needs it
  --from DATE           first day of the ticket export, YYYY-MM-DD (default: 7 days ago)
  --to DATE             last day of the ticket export (default: today, UTC)
  --data-dir DIR        where saved environments live, for --env (default: ${defaultDataDir()})

  --sandbox-tls         serve the built-in sandbox over HTTPS from a local CA (with --sandbox)

${NETWORK_HELP}

Exit code: 0 when every step succeeded, 1 when one failed, 2 for a usage error.
`

const FLAG_ENV = ['auth-url', 'base-url', 'client-id', 'redirect-uri'] as const

/** `partner-console walkthrough`: the demo flow end to end, headless; returns the exit code. */
export async function runWalkthroughCommand(argv: string[], io: CliIo = processIo): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: {
      ...WHERE_OPTIONS,
      ...NETWORK_OPTIONS,
      'sandbox-tls': { type: 'boolean', default: false },
      har: { type: 'string' },
      bundle: { type: 'string' },
      note: { type: 'string' },
      scenario: { type: 'string' },
      json: { type: 'boolean', default: false },
      'auto-consent': { type: 'boolean', default: false },
      open: { type: 'boolean', default: false },
      timeout: { type: 'string' },
      location: { type: 'string' },
      'confirm-production': { type: 'string' },
      from: { type: 'string' },
      to: { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
    strict: true,
  })
  if (values.help) {
    io.stdout.write(HELP)
    return 0
  }
  const usage = usageError(io, 'walkthrough')
  const where = parseWhere(values, FLAG_ENV)
  if ('usage' in where) return usage(where.usage)
  const secret = process.env.PARTNER_CLIENT_SECRET
  if (where.mode === 'flags' && !secret) return usage('set the client secret in the PARTNER_CLIENT_SECRET environment variable.')
  const mode = where.mode
  if (values.scenario !== undefined) {
    if (!findScenario(values.scenario)) return usage(`--scenario must be one of ${scenarioNames()}, not "${values.scenario}".`)
    if (mode !== 'sandbox') return usage('--scenario puts the built-in sandbox into a state; it works with --sandbox only.')
  }
  let overrides: ReturnType<typeof parseNetworkArgs>
  try {
    overrides = parseNetworkArgs(values)
  } catch (error) {
    return usage((error as Error).message)
  }
  const timeout = values.timeout === undefined ? 300 : Number(values.timeout)
  if (!Number.isInteger(timeout) || timeout < 1 || timeout > 3600)
    return usage(`--timeout must be whole seconds from 1 to 3600, not "${values.timeout}".`)
  const locationId = values.location === undefined ? undefined : Number(values.location)
  if (locationId !== undefined && !Number.isInteger(locationId))
    return usage(`--location must be a location id (a whole number), not "${values.location}".`)
  const to = values.to ?? new Date().toISOString().slice(0, 10)
  const from = values.from ?? new Date(Date.parse(`${to}T00:00:00Z`) - 7 * 86_400_000).toISOString().slice(0, 10)
  for (const [flag, value] of [
    ['--from', from],
    ['--to', to],
  ] as const) {
    if (!EXPORT_DATE.test(value) || Number.isNaN(Date.parse(`${value}T00:00:00Z`)))
      return usage(`${flag} must be a date in YYYY-MM-DD form, not "${value}".`)
  }

  let runtime: WalkRuntime | undefined
  // Everything printed from here on passes through the runtime's redaction (docs/security.md).
  const safeIo = redactingIo(io, text => runtime?.secrets.redact(text) ?? text)
  const progressOut = values.json ? safeIo.stderr : safeIo.stdout
  const ephemeral = mode !== 'env'
  const dataDir = ephemeral ? await mkdtemp(join(tmpdir(), 'partner-console-walkthrough-')) : await chosenDataDir(values['data-dir'])
  // Ctrl-C: stop waiting, cancel what is in flight, and still clean up (the temporary data folder included).
  const interrupt = new AbortController()
  let closing: Promise<void> | undefined
  const onSignal = () => {
    interrupt.abort()
    closing ??= runtime?.close()
  }
  process.once('SIGINT', onSignal)
  try {
    // Before anything touches the folder: the key-file cipher creates its key there.
    const dataFolderLock = acquireDataFolderLock(dataDir, 'CLI walkthrough')
    runtime = await createWalkRuntime({
      dataDir,
      dataFolderLock,
      // A temporary run keeps its key in memory and its vault and environments unwritten: its folder is deleted at
      // the end, and nothing needs encrypting to disk or flushing.
      cipher: ephemeral ? createMemoryCipher() : whileLocked(dataFolderLock, () => createKeyFileCipher(join(dataDir, 'vault.key'))),
      temporary: ephemeral,
      sandbox: mode === 'sandbox',
      sandboxAutoConsent: mode === 'sandbox' ? 'allow' : undefined,
      sandboxTls: values['sandbox-tls'] === true,
      overrides,
      bundles: values.bundle !== undefined,
    })
    const rt = runtime
    const { call, trusted } = bridgeCalls(rt.registry)
    const env = await chooseEnvironment(call, mode, values, secret, 'walkthrough')
    progressOut.write(`Walkthrough against ${env.name} (${env.baseUrl}), client ${env.clientId}\n`)
    const scenario = values.scenario === undefined ? undefined : findScenario(values.scenario)
    if (scenario) {
      await call('sandbox:applyScenario', { name: scenario.name })
      progressOut.write(`Scenario: ${scenario.name} (${scenario.title}). Expect: ${scenario.clientSees}\n`)
    }
    const report = await runWalkthrough({
      call: trusted,
      events: listener => rt.bus.subscribe(listener),
      envId: env.id,
      autoConsent: mode === 'sandbox' || values['auto-consent'] === true,
      authorizeTimeoutSeconds: timeout,
      locationId,
      confirmProduction: values['confirm-production'],
      from,
      to,
      writeHar: values.har === undefined ? undefined : text => writeHarFile(values.har as string, text),
      // Loaded with --open only: a headless run never opens a browser.
      openUrl: values.open ? async url => (await import('./open-browser')).openInBrowser(url) : undefined,
      progress: new LineProgress(progressOut),
      signal: interrupt.signal,
      dispatcher: rt.network.dispatcherFor((await rt.environments.get(env.id)).network),
    })
    let bundle: { path: string; entries: number } | null = null
    if (values.bundle !== undefined) {
      const written = await call('bundle:write', { envId: env.id, note: values.note })
      bundle = { path: await writeHarFile(values.bundle, written.text), entries: written.entries }
      progressOut.write(`Repro bundle: ${bundle.entries} entries in ${bundle.path}\n`)
    }
    if (values.json) {
      const environment = { id: env.id, name: env.name, authUrl: env.authUrl, baseUrl: env.baseUrl, clientId: env.clientId }
      safeIo.stdout.write(`${JSON.stringify({ ok: report.ok, environment, steps: report.steps, har: report.har, bundle }, null, 2)}\n`)
    } else {
      const failedStep = report.steps.find(s => s.status === 'failed')
      safeIo.stdout.write(
        failedStep ? `Failed at step ${failedStep.index}: ${failedStep.title.toLowerCase()}.\n` : 'Done: every step succeeded.\n',
      )
    }
    return interrupt.signal.aborted ? 130 : report.ok ? 0 : 1
  } catch (error) {
    if (!(error instanceof ConsoleError)) throw error
    printConsoleError(safeIo, 'walkthrough', error)
    return 1
  } finally {
    process.off('SIGINT', onSignal)
    closing ??= runtime?.close()
    await closing
    if (ephemeral) await rm(dataDir, { recursive: true, force: true })
  }
}

async function writeHarFile(path: string, text: string): Promise<string> {
  const target = resolve(path)
  await writeFile(target, text)
  return target
}
