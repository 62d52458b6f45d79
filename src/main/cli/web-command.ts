import { existsSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { createInterface } from 'node:readline'
import { parseArgs } from 'node:util'
import { ConsoleError } from '../engine/core/console-error'
import type { Runtime } from '../runtime/create-runtime'
import { defaultDataDir } from '../runtime/data-folder-location'
import { acquireDataFolderLock, type DataFolderLock, whileLocked } from '../runtime/data-folder-lock'
import { startWebHost } from '../web/web-host'
import { cliHint } from './cli-hint'
import { chosenDataDir } from './data-dir-choice'
import { type CliIo, processIo, untilSignal } from './io'
import { type LaunchFile, writeLaunchFile } from './launch-file'
import { openInBrowser } from './open-browser'
import { installProcessGuard } from './process-guard'
import { PACKAGE_VERSION } from './version'

const HELP = `partner-console web [--port N] [--no-open] [--data-dir DIR] [--no-sandbox] [--sandbox-tls] [--presenter]

Serves the console on http://127.0.0.1 for any browser, with the built-in sandbox as the default environment.
The browser is opened through a file only you can read; its URL carries a one-time token, good once and for a
minute, traded for a session cookie. Press Enter in this terminal for a fresh URL (another browser, a new profile).

  --port N         listen on this port (default: a free one)
  --no-open        do not open the default browser: print a one-time URL to paste into one
  --data-dir DIR   where environments and the encrypted vault live (default: ${defaultDataDir()})
  --no-sandbox     do not start the built-in sandbox
  --sandbox-tls    serve the built-in sandbox over HTTPS from the console's local CA (DIR/tls; trusted by the
                   built-in environment; a browser signing in on its pages must trust the CA file printed)
  --presenter      start in presenter mode: larger type, every secret, token, code, state and signature masked,
                   reveals and exports with secrets refused (the status bar switches it off)
`

/** Finds the built renderer next to the CLI bundle (out/node → out/renderer) or from the source tree. */
function findRendererDir(): string | null {
  const candidates = [resolve(import.meta.dirname, '../renderer'), resolve(import.meta.dirname, '../../../out/renderer')]
  return candidates.find(dir => existsSync(join(dir, 'index.html'))) ?? null
}

/** `partner-console web`: starts the runtime and the web host, prints the URL, runs until Ctrl-C. */
export async function runWebCommand(argv: string[], io: CliIo = processIo, stop: Promise<unknown> = untilSignal()): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: {
      port: { type: 'string' },
      'no-open': { type: 'boolean', default: false },
      'data-dir': { type: 'string' },
      'no-sandbox': { type: 'boolean', default: false },
      'sandbox-tls': { type: 'boolean', default: false },
      presenter: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
    strict: true,
  })
  if (values.help) {
    io.stdout.write(HELP)
    return 0
  }
  const port = values.port === undefined ? 0 : Number(values.port)
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    io.stderr.write(`--port must be a whole number from 0 to 65535, not "${values.port}".\n`)
    return 2
  }
  const rendererDir = findRendererDir()
  if (!rendererDir) {
    io.stderr.write('The console UI is not built yet. Run `npm run build` (or `npm run web`, which builds when needed).\n')
    return 1
  }
  const dataDir = await chosenDataDir(values['data-dir'], line => io.stderr.write(`${line}\n`))
  let dataFolderLock: DataFolderLock
  try {
    // Before anything touches the folder: the key-file cipher creates its key there.
    dataFolderLock = acquireDataFolderLock(dataDir, 'web host')
  } catch (error) {
    if (!(error instanceof ConsoleError)) throw error
    const hint = cliHint(error.hint)
    io.stderr.write(`${error.message}\n${hint ? `${hint}\n` : ''}`)
    return 1
  }
  // The page first, the engine after: the host listens and serves the shell at once, and the engine (its modules, the
  // vault, the sandbox) comes up while the browser loads the page. The page's calls wait for it (bridge/engine-gate.ts).
  let engineUp: (runtime: Runtime) => void = () => {}
  let engineFailed: (error: unknown) => void = () => {}
  const engine = new Promise<Runtime>((resolve, reject) => {
    engineUp = resolve
    engineFailed = reject
  })
  let host: Awaited<ReturnType<typeof startWebHost>>
  try {
    host = await startWebHost({ runtime: engine, rendererDir, port, pageExpected: !values['no-open'] })
  } catch (error) {
    dataFolderLock.release()
    io.stderr.write(`${(error as Error).message}\n`)
    return 1
  }
  let launchFile: LaunchFile | undefined
  if (!values['no-open']) {
    launchFile = writeLaunchFile(dataDir, host.newLaunchUrl())
    if (await openInBrowser(launchFile.path)) {
      io.stdout.write(`Partner API Console is ready at ${host.origin}/ (opening in your browser).\n\n`)
    } else {
      launchFile.remove()
      launchFile = undefined
      io.stdout.write('No browser could be opened from here: copy this one-time URL into one.\n')
    }
  }
  if (!launchFile) io.stdout.write(`Partner API Console is ready at:\n\n  ${host.newLaunchUrl()}\n\n`)
  io.stdout.write('Starting the built-in sandbox and the engine…\n')
  let runtime: Runtime
  try {
    // Loading the engine takes the host's one thread (and a core) for a while: the page's first screen comes first,
    // also when the page comes while the engine is loading (it loads in pieces, each waiting for no page loading).
    await host.firstScreenShown
    const { loadEngineInSteps } = await import('../runtime/engine-load-steps')
    const { createRuntime, createKeyFileCipher } = await loadEngineInSteps(() => host.pageQuiet(), {
      sandbox: !values['no-sandbox'],
    })
    runtime = await createRuntime({
      transport: 'web',
      version: PACKAGE_VERSION,
      dataDir,
      dataFolderLock,
      cipher: whileLocked(dataFolderLock, () => createKeyFileCipher(join(dataDir, 'vault.key'))),
      sandbox: !values['no-sandbox'],
      sandboxTls: values['sandbox-tls'] || undefined,
      presenter: values.presenter,
    })
  } catch (error) {
    engineFailed(error)
    launchFile?.remove()
    await host.close()
    dataFolderLock.release()
    throw error
  }
  engineUp(runtime)
  // Once no page is loading its first screen, the one-time warm-up, so a feature's first use (a HAR import) does not
  // hold the host's one thread in a block (Runtime.warmUp).
  void host.pageQuiet().then(() => setImmediate(() => runtime.warmUp()))
  // Only as the real process (tests run commands in-process with their own io, and keep their own handlers).
  const unguard = io.process ? installProcessGuard(io.stderr, text => runtime.secrets.redact(text)) : () => {}
  if (runtime.sandbox) io.stdout.write(`Built-in sandbox: ${runtime.sandbox.url}\n`)
  if (runtime.sandbox?.tls) io.stdout.write(`Its CA (trust it in the browser that signs in): ${runtime.sandbox.tls.caFile}\n`)
  io.stdout.write(`Data folder: ${dataDir}\nPress Enter for a fresh one-time URL, Ctrl-C to stop.\n`)
  // Enter prints a fresh URL: a URL works once, for a minute, so this is how a second browser gets in.
  const lines = io.process ? createInterface({ input: io.process.stdin(), terminal: false }) : undefined
  lines?.on('line', () => io.stdout.write(`A fresh one-time URL (good for a minute):\n\n  ${host.newLaunchUrl()}\n\n`))
  const readerGone = io.process?.readerGone ?? new Promise<never>(() => {})
  const ended = await Promise.race([stop.then(() => null), readerGone])
  lines?.close()
  io.process?.stdin().pause()
  io.stdout.write('Stopping…\n')
  launchFile?.remove()
  await host.close()
  await runtime.close()
  unguard()
  if (ended !== null) {
    // On whichever stream still has a reader (the closed one drops it).
    for (const stream of [io.stderr, io.stdout]) stream.write(`partner-console web: stopped because ${ended}.\n`)
  }
  return ended === null ? 0 : 1
}
