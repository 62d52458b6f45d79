import { spawn } from 'node:child_process'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { parseArgs } from 'node:util'
import type { CaptureStatus } from '../../shared/contract'
import type { RecordedLine } from '../engine/capture/capture-recorder'
import { ConsoleError } from '../engine/core/console-error'
import { createKeyFileCipher } from '../engine/vault/keyfile-cipher'
import { createMemoryCipher } from '../engine/vault/memory-cipher'
import type { BridgeCall } from '../engine/walkthrough/walkthrough-types'
import { createRuntime, type Runtime } from '../runtime/create-runtime'
import { acquireDataFolderLock, whileLocked } from '../runtime/data-folder-lock'
import { chosenDataDir } from './data-dir-choice'
import { type CliIo, processIo, usageError } from './io'
import { NETWORK_HELP, NETWORK_OPTIONS, parseNetworkArgs } from './network-args'
import { redactingIo } from './redacting-io'
import { parseClientArg } from './sandbox-command'
import { PACKAGE_VERSION } from './version'
import { chooseEnvironment, parseWhere, WHERE_OPTIONS, whereHelp } from './where-args'

const FLAG_ENV = ['auth-url', 'base-url', 'client-id'] as const

const HELP = `partner-console capture [--sandbox | --env NAME | --auth-url URL --base-url URL --client-id ID]
                        [--mode gateway|proxy] [--har FILE] [options] [-- COMMAND ARGS...]

Puts the console between your integration and the API and records every exchange in the network log, one line per
exchange on stderr (method, path, status, time, auth, any problem found); writes a sanitized HAR on exit.

  gateway (default)  two loopback URLs to use as {auth_url} and {base_url}; no certificate needed
  proxy              an HTTP(S) proxy on loopback for code whose URLs cannot change: set the printed proxy and CA
                     variables (HTTPS_PROXY, NODE_EXTRA_CA_CERTS, REQUESTS_CA_BUNDLE, CURL_CA_BUNDLE, Java, .NET, Go)

With -- COMMAND, runs your command with those variables set (PARTNER_AUTH_URL and PARTNER_BASE_URL; in proxy mode the
proxy and CA variables too; with --sandbox also PARTNER_CLIENT_ID, PARTNER_CLIENT_SECRET, PARTNER_REDIRECT_URI),
forwards its output and exit code, and stops when it ends. Without it, Ctrl-C stops the capture.

${whereHelp(FLAG_ENV)}

Options:
  --mode gateway|proxy  how your integration reaches the console (default gateway)
  --har FILE            write the captured exchanges there as a sanitized HAR when the capture stops
  --auth-port N, --base-port N
                        the gateway's ports (default: free ones); --proxy-port N the proxy's
  --client ID:SECRET:REDIRECT_URI
                        with --sandbox: also register this client (the command gets it as PARTNER_CLIENT_*)
  --auto-consent allow|deny
                        with --sandbox: skip the login and consent pages (headless test suites)
  --sandbox-tls         serve the built-in sandbox over HTTPS from a local CA (with --sandbox)

${NETWORK_HELP}

Exit code: the command's, or 0 after Ctrl-C; 1 when the capture could not start; 2 for a usage error.
`

/** What a command built on the capture (doctor) adds to it: its name, and what it does around the partner's command. */
interface CaptureRunHooks {
  /** The command's name in messages (`partner-console NAME: …`). */
  name: string
  /** With --sandbox and no --auto-consent: the consent the built-in sandbox gives (doctor: allow, for headless CI). */
  autoConsent?: 'allow' | 'deny'
  /** Refuses options the command cannot honour: a usage message, or null. */
  refuse?(values: { client?: string }): string | null
  /** The exit code when the capture could not start (capture: 1). */
  couldNotStart?: number
  /** Once the capture runs, before the partner's command starts. */
  started?(runtime: Runtime, envId: string): void
  /** Once the capture stopped (and the HAR was written): gives the exit code from the command's own. */
  finished?(runtime: Runtime, envId: string, commandCode: number, io: CliIo): Promise<number>
}

/** `partner-console capture`: the partner's integration (or its test suite) through the console; returns the exit code. */
export async function runCaptureCommand(
  argv: string[],
  io: CliIo = processIo,
  hooks: CaptureRunHooks = { name: 'capture' },
): Promise<number> {
  const split = argv.indexOf('--')
  const own = split >= 0 ? argv.slice(0, split) : argv
  const command = split >= 0 ? argv.slice(split + 1) : []
  const { values } = parseArgs({
    args: own,
    options: {
      ...WHERE_OPTIONS,
      ...NETWORK_OPTIONS,
      mode: { type: 'string', default: 'gateway' },
      har: { type: 'string' },
      'auth-port': { type: 'string' },
      'base-port': { type: 'string' },
      'proxy-port': { type: 'string' },
      client: { type: 'string' },
      'auto-consent': { type: 'string' },
      'sandbox-tls': { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
    strict: true,
  })
  if (values.help) {
    io.stdout.write(HELP)
    return 0
  }
  const usage = usageError(io, hooks.name)
  const where = parseWhere(values, FLAG_ENV)
  if ('usage' in where) return usage(where.usage)
  const mode = values.mode
  if (mode !== 'gateway' && mode !== 'proxy') return usage(`--mode must be gateway or proxy, not "${mode}".`)
  if (split >= 0 && command.length === 0) return usage('-- must be followed by the command to run.')
  const secret = process.env.PARTNER_CLIENT_SECRET
  if (where.mode === 'flags' && !secret) return usage('set the client secret in the PARTNER_CLIENT_SECRET environment variable.')
  const autoConsent = values['auto-consent'] ?? (where.mode === 'sandbox' ? hooks.autoConsent : undefined)
  if (autoConsent !== undefined && autoConsent !== 'allow' && autoConsent !== 'deny')
    return usage(`--auto-consent must be allow or deny, not "${autoConsent}".`)
  const refused = hooks.refuse?.(values)
  if (refused) return usage(refused)
  if ((values['auto-consent'] !== undefined || values.client !== undefined) && where.mode !== 'sandbox')
    return usage('--client and --auto-consent configure the built-in sandbox: they work with --sandbox only.')
  const ports: { auth?: number; base?: number; proxy?: number } = {}
  for (const [flag, key] of [
    ['auth-port', 'auth'],
    ['base-port', 'base'],
    ['proxy-port', 'proxy'],
  ] as const) {
    const raw = values[flag]
    if (raw === undefined) continue
    const n = Number(raw)
    if (!Number.isInteger(n) || n < 0 || n > 65535) return usage(`--${flag} must be a port from 0 to 65535, not "${raw}".`)
    ports[key] = n
  }
  let overrides: ReturnType<typeof parseNetworkArgs>
  let extraClient: ReturnType<typeof parseClientArg> | undefined
  try {
    overrides = parseNetworkArgs(values)
    extraClient = values.client === undefined ? undefined : parseClientArg(values.client)
  } catch (error) {
    return usage((error as Error).message)
  }

  let runtime: Runtime | undefined
  // Everything printed passes through the runtime's redaction: captured tokens and secrets are known secrets.
  const safeIo = redactingIo(io, text => runtime?.secrets.redact(text) ?? text)
  const ephemeral = where.mode !== 'env'
  const dataDir = ephemeral ? await mkdtemp(join(tmpdir(), 'partner-console-capture-')) : await chosenDataDir(values['data-dir'])
  const ids: string[] = []
  let stopRequested: (() => void) | null = null
  const stopped = new Promise<void>(r => {
    stopRequested = r
  })
  const onSignal = () => stopRequested?.()
  process.once('SIGINT', onSignal)
  process.once('SIGTERM', onSignal)
  try {
    const dataFolderLock = acquireDataFolderLock(dataDir, `CLI ${hooks.name}`)
    runtime = await createRuntime({
      transport: 'web',
      version: PACKAGE_VERSION,
      dataDir,
      dataFolderLock,
      // A temporary run (--sandbox, flags) keeps its key in memory and its vault and environments unwritten: its folder
      // is deleted at the end (the capture CA's files, which the partner's command reads, are still written there).
      cipher: ephemeral ? createMemoryCipher() : whileLocked(dataFolderLock, () => createKeyFileCipher(join(dataDir, 'vault.key'))),
      temporary: ephemeral,
      sandbox: where.mode === 'sandbox',
      sandboxAutoConsent: autoConsent as 'allow' | 'deny' | undefined,
      sandboxClients: extraClient ? [extraClient] : undefined,
      sandboxTls: values['sandbox-tls'] === true,
      overrides,
      heartbeatMs: 3_600_000,
    })
    const rt = runtime
    const call: BridgeCall = async (channel, payload) => {
      const result = await rt.registry.dispatch(channel, payload, { transport: 'web' })
      if (!result.ok)
        throw new ConsoleError(result.error.code, result.error.message, { hint: result.error.hint, details: result.error.details })
      return result.value as never
    }
    const env = await chooseEnvironment(call, where.mode, values, secret, hooks.name)
    rt.engine.capture.onRecorded(line => {
      ids.push(line.entry.id)
      safeIo.stderr.write(exchangeLine(line))
    })
    const status = await rt.engine.capture.start({ envId: env.id, mode, ports })
    hooks.started?.(rt, env.id)
    const banner = command.length ? safeIo.stderr : safeIo.stdout
    banner.write(describeCapture(env.name, status))
    let code = 0
    if (command.length) {
      const childEnv: NodeJS.ProcessEnv = { ...process.env }
      for (const v of status.variables) childEnv[v.name] = v.value
      if (where.mode === 'sandbox' && rt.sandbox) {
        const client = extraClient
          ? { clientId: extraClient.clientId, clientSecret: extraClient.clientSecret, redirectUri: extraClient.redirectUris[0] as string }
          : rt.sandbox.client
        childEnv.PARTNER_CLIENT_ID = client.clientId
        childEnv.PARTNER_CLIENT_SECRET = client.clientSecret
        childEnv.PARTNER_REDIRECT_URI = client.redirectUri
      }
      code = await runChild(command, childEnv, io, stopped, hooks.name)
    } else {
      banner.write('Capturing. Press Ctrl-C to stop.\n')
      await stopped
    }
    await rt.engine.capture.stop(env.id)
    safeIo.stderr.write(`Capture stopped: ${ids.length} exchange${ids.length === 1 ? '' : 's'} recorded.\n`)
    if (values.har !== undefined) {
      const exported = await call('log:saveHar', { ids, includeSecrets: false })
      const target = resolve(values.har)
      await writeFile(target, exported.har)
      safeIo.stderr.write(`Sanitized HAR: ${exported.entries} entries in ${target}\n`)
    }
    return hooks.finished ? await hooks.finished(rt, env.id, code, safeIo) : code
  } catch (error) {
    if (!(error instanceof ConsoleError)) throw error
    safeIo.stderr.write(`partner-console ${hooks.name}: ${error.message}\n${error.hint ? `hint: ${error.hint}\n` : ''}`)
    return hooks.couldNotStart ?? 1
  } finally {
    process.off('SIGINT', onSignal)
    process.off('SIGTERM', onSignal)
    await runtime?.close()
    if (ephemeral) await rm(dataDir, { recursive: true, force: true })
  }
}

/** One line per exchange: its log id, method, path (redacted), status, time, auth kind and the problem found. */
function exchangeLine(line: RecordedLine): string {
  const e = line.entry
  const status = e.status ?? 'failed'
  const ms = e.durationMs === null ? '' : ` ${Math.round(e.durationMs)} ms`
  const problem = line.problem ? `  ! ${line.problem}` : ''
  return `${e.id} ${e.method} ${e.path} ${status}${ms} ${e.auth}${problem}\n`
}

function describeCapture(envName: string, s: CaptureStatus): string {
  const lines = [`Capture (${s.mode}) for ${envName}:`]
  if (s.gateway) lines.push(`  auth URL  ${s.gateway.authUrl}`, `  base URL  ${s.gateway.baseUrl}`)
  if (s.proxy) lines.push(`  proxy     ${s.proxy.url}`, `  CA        ${s.proxy.caFile}`)
  lines.push('Set in your integration:')
  for (const v of s.variables) lines.push(`  ${v.name}=${v.value}`)
  for (const note of s.notes) lines.push(`  ${note}`)
  return `${lines.join('\n')}\n`
}

/** Runs the partner's command, forwarding its output; resolves with its exit code (128+signal when killed). */
function runChild(command: string[], env: NodeJS.ProcessEnv, io: CliIo, stop: Promise<void>, name: string): Promise<number> {
  return new Promise(resolvePromise => {
    const child = spawn(command[0] as string, command.slice(1), { env, stdio: ['inherit', 'pipe', 'pipe'] })
    child.stdout.on('data', chunk => io.stdout.write(chunk))
    child.stderr.on('data', chunk => io.stderr.write(chunk))
    void stop.then(() => child.kill('SIGTERM'))
    child.on('error', error => {
      io.stderr.write(`partner-console ${name}: could not run ${command[0]}: ${error.message}\n`)
      resolvePromise(127)
    })
    child.on('close', (code, signal) => resolvePromise(code ?? (signal === 'SIGTERM' ? 143 : signal === 'SIGINT' ? 130 : 1)))
  })
}
