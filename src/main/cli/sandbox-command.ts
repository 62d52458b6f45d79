import { parseArgs } from 'node:util'
import {
  ensureSandboxTls,
  findScenario,
  formatBanner,
  replacedCaNotice,
  type SandboxClient,
  type SandboxTlsFiles,
  SCENARIOS,
  scenarioNames,
  startSandbox,
  trustInstructions,
} from '../../sandbox'
import { chosenDataDir } from './data-dir-choice'
import { type CliIo, processIo, untilSignal } from './io'
import { installProcessGuard } from './process-guard'

const HELP = `partner-console sandbox [--port N] [--host H] [--client ID:SECRET:REDIRECT_URI]... [--auto-consent allow|deny]
                        [--scenario NAME] [--admin-token T] [--tls [--data-dir DIR]] [--quiet]

Runs the Partner API sandbox alone (authorize, token, locations, installations, signed export, operator API).
Prints its URL, the demo merchant logins, the client credentials and the operator token. Ctrl-C stops it.

  --port N                          listen on this port (default: a free one)
  --host H                          listen address (default: 127.0.0.1)
  --client ID:SECRET:REDIRECT_URI   register a client (repeatable; replaces the demo clients). Split on the
                                    first two colons only, so the redirect URI keeps its own colons.
  --auto-consent allow|deny         skip the login and consent pages and redirect at once (scripts, CI)
  --scenario NAME                   start in a state a merchant reports (see docs/sandbox.md, Scenarios):
${SCENARIOS.map(s => `                                      ${s.name.padEnd(22)} ${s.title}`).join('\n')}
  --admin-token T                   operator API token (default: random, printed)
  --tls                             serve HTTPS with a certificate from a local CA that the console creates in
                                    DIR/tls (its key 0600; valid one year; name-constrained to localhost,
                                    127.0.0.0/8 and ::1); prints the CA file, how to trust it and what it can sign
  --data-dir DIR                    where the CA lives (default: the console's data folder)
  --quiet                           no access log on stderr
  -h, --help                        this help
`

/** Parses `ID:SECRET:REDIRECT_URI`, splitting on the first two colons only (the URI has its own). */
export function parseClientArg(text: string): SandboxClient {
  const first = text.indexOf(':')
  const second = first < 0 ? -1 : text.indexOf(':', first + 1)
  if (first <= 0 || second < 0 || second === first + 1 || second === text.length - 1) {
    throw new Error(`--client must look like ID:SECRET:REDIRECT_URI, got "${text}"`)
  }
  const redirectUri = text.slice(second + 1)
  if (!URL.canParse(redirectUri)) throw new Error(`--client redirect URI is not an absolute URL: "${redirectUri}"`)
  return { clientId: text.slice(0, first), clientSecret: text.slice(first + 1, second), redirectUris: [redirectUri] }
}

/**
 * `partner-console sandbox`: starts the sandbox alone, prints how to use it and runs until Ctrl-C
 * or SIGTERM (or until `stop` settles, for tests), then closes it cleanly and returns 0; a reader of its output that
 * goes away stops it the same way (exit code 1).
 * Returns 2 for bad arguments.
 */
export async function runSandboxCommand(argv: string[], io: CliIo = processIo, stop?: Promise<unknown>): Promise<number> {
  let values: ReturnType<typeof parse>['values']
  try {
    values = parse(argv).values
  } catch (error) {
    io.stderr.write(`${(error as Error).message}\n\n${HELP}`)
    return 2
  }
  if (values.help) {
    io.stdout.write(HELP)
    return 0
  }
  const port = values.port === undefined ? 0 : Number(values.port)
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    io.stderr.write(`--port must be a whole number from 0 to 65535, not "${values.port}".\n`)
    return 2
  }
  const autoConsent = values['auto-consent']
  if (autoConsent !== undefined && autoConsent !== 'allow' && autoConsent !== 'deny') {
    io.stderr.write(`--auto-consent must be allow or deny, not "${autoConsent}".\n`)
    return 2
  }
  const scenario = values.scenario === undefined ? undefined : findScenario(values.scenario)
  if (values.scenario !== undefined && !scenario) {
    io.stderr.write(`--scenario must be one of ${scenarioNames()}, not "${values.scenario}".\n`)
    return 2
  }
  let clients: SandboxClient[] | undefined
  try {
    clients = values.client?.map(parseClientArg)
  } catch (error) {
    io.stderr.write(`${(error as Error).message}\n`)
    return 2
  }
  const quiet = values.quiet === true
  let tls: SandboxTlsFiles | undefined
  if (values.tls) {
    try {
      tls = await ensureSandboxTls(await chosenDataDir(values['data-dir']))
    } catch (error) {
      io.stderr.write(`Could not create or read the sandbox's TLS certificate: ${(error as Error).message}\n`)
      return 1
    }
  }
  let sandbox: Awaited<ReturnType<typeof startSandbox>>
  try {
    sandbox = await startSandbox({
      port,
      host: values.host,
      clients,
      autoConsent,
      scenario: scenario?.name,
      adminToken: values['admin-token'],
      quiet,
      tls: tls ? { cert: tls.cert, key: tls.key } : undefined,
      printBanner: false,
      logger: line => io.stderr.write(`${line}\n`),
    })
  } catch (error) {
    io.stderr.write(`Could not start the sandbox: ${(error as Error).message}\n`)
    return 1
  }
  const stopped = stop ?? untilSignal()
  // Only as the real process (tests run commands in-process with their own io, and keep their own handlers).
  const unguard = io.process ? installProcessGuard(io.stderr) : () => {}
  // How to use it, in one write: a reader that takes only the first line (`| head -n 1`) then leaves finds nothing
  // more pending, so the sandbox runs on until it is stopped instead of meeting a closed pipe with its next line.
  let banner = `${formatBanner(sandbox)}\n`
  if (tls) {
    if (tls.replacedCa) io.stderr.write(`${replacedCaNotice(tls.replacedCa).join('\n')}\n`)
    banner += `\nHTTPS with a certificate for 127.0.0.1, localhost and ::1 from the console's local CA${tls.createdCa ? ' (created now)' : ''}.\n`
    banner += `${trustInstructions(tls.caFile).join('\n')}\n`
    banner += `In the console: add ${tls.caFile} to the environment's CA files, or run the CLI with --ca "${tls.caFile}".\n`
  }
  if (autoConsent) banner += `\nAuto-consent: ${autoConsent} (login and consent pages are skipped)\n`
  if (scenario) {
    banner += `\nScenario: ${scenario.name} (${scenario.title})\n  ${scenario.effect}\n  A client sees: ${scenario.clientSees}\n`
  }
  io.stdout.write(`${banner}\nPress Ctrl-C to stop.\n`)
  // A reader of stdout or stderr that goes away (`| head`, a closed terminal) stops the sandbox like Ctrl-C.
  const ended = await Promise.race([stopped.then(() => null), io.process?.readerGone ?? new Promise<never>(() => {})])
  io.stdout.write('Stopping the sandbox…\n')
  await sandbox.close()
  unguard()
  if (ended !== null) {
    // On whichever stream still has a reader (the closed one drops it).
    for (const stream of [io.stderr, io.stdout]) stream.write(`partner-console sandbox: stopped because ${ended}.\n`)
  }
  return ended === null ? 0 : 1
}

function parse(argv: string[]) {
  return parseArgs({
    args: argv,
    options: {
      port: { type: 'string' },
      host: { type: 'string' },
      client: { type: 'string', multiple: true },
      'auto-consent': { type: 'string' },
      scenario: { type: 'string' },
      'admin-token': { type: 'string' },
      quiet: { type: 'boolean', default: false },
      tls: { type: 'boolean', default: false },
      'data-dir': { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
    strict: true,
    allowPositionals: false,
  })
}
