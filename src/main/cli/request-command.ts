import { readFile } from 'node:fs/promises'
import { parseArgs } from 'node:util'
import type { ComposerRequestInput, HttpExchangeView } from '../../shared/contract'
import { ConsoleError } from '../engine/core/console-error'
import { authorizeHeadless, FlowWatcher } from '../engine/walkthrough/headless-authorize'
import { LineProgress } from '../engine/walkthrough/line-progress'
import { printConsoleError } from './cli-hint'
import { type CliIo, processIo, usageError } from './io'
import { REQUEST_HELP, REQUEST_OPTIONS, requestFromArgs } from './request-args'
import { parseWhere, WHERE_OPTIONS, whereHelp } from './where-args'
import { openWhereRuntime, type WhereRuntime } from './where-runtime'

const HELP = `partner-console request METHOD PATH [--sandbox | --env NAME | --base-url URL --client-id ID [--auth-url URL]]
                        [--auth bearer|hmac|none] [--target api|auth] [--header 'K: V']... [--body TEXT | --body-file F] [--json]
partner-console request --from-curl 'curl …' [where options] [--body-file F] [--json]

Sends one request like the console's Requests view: HMAC signed at send (secret from the environment, or
PARTNER_CLIENT_SECRET with flags), bearer with the environment's token (refreshed once on a 401; with --sandbox the
sandbox authorizes by itself first; with flags the token is read from PARTNER_ACCESS_TOKEN). Prints the status,
headers, the body (redacted: no token, secret or signature is ever printed) and the quota of its (client, method, path).

${REQUEST_HELP}

${whereHelp(['base-url', 'client-id'])}

From a cURL command:
  --from-curl 'curl …'  the request of a cURL command (bash or Windows cmd quoting), aimed at the environment: a URL
                        on its hosts becomes a path, x-signature/x-timestamp/x-access-key make it HMAC (signed anew at
                        send), a bearer token, -u password or cookie of the command is never used; a body curl would
                        read from a file (-d @F) is read from F, or give --body-file

Options:
  --json                print one JSON object (status, headers, body, quota, notes) instead of text
  --force               send even when the quota ledger says the quota is spent, or the key is blocked after a 429
  --confirm-production NAME
                        the environment's name, typed: a non-GET to an environment marked production needs it

Exit code: 0 for 1xx-3xx, 1 for a 4xx/5xx or when no response arrived, 2 for a usage error.
`

/** `partner-console request`: one request, printed; exits non-zero on a 4xx/5xx. */
export async function runRequestCommand(argv: string[], io: CliIo = processIo): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      ...WHERE_OPTIONS,
      ...REQUEST_OPTIONS,
      json: { type: 'boolean', default: false },
      force: { type: 'boolean', default: false },
      'confirm-production': { type: 'string' },
      'from-curl': { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
    strict: true,
  })
  if (values.help) {
    io.stdout.write(HELP)
    return 0
  }
  const usage = usageError(io, 'request')
  const where = parseWhere(values, ['base-url', 'client-id'])
  if ('usage' in where) return usage(where.usage)
  const fromCurl = values['from-curl']
  if (fromCurl !== undefined && (positionals.length > 0 || values.body !== undefined || values.header || values.auth || values.target))
    return usage(
      '--from-curl takes the whole request from the command: give no METHOD, PATH, --header, --body, --auth or --target with it.',
    )
  const built = fromCurl === undefined ? await requestFromArgs(positionals, values) : null
  if (built && 'usage' in built) return usage(built.usage)

  let wr: WhereRuntime | undefined
  try {
    if (fromCurl !== undefined) wr = await openWhereRuntime(where.mode, values, 'request')
    const curl = wr && fromCurl !== undefined ? await requestFromCurl(wr, fromCurl, values['body-file'], io) : null
    if (curl && 'usage' in curl) return usage(curl.usage)
    const request = built ? built.request : (curl as { request: ComposerRequestInput }).request
    const authFromSpec = built ? built.authFromSpec : false
    if (where.mode === 'flags' && request.auth === 'hmac' && !process.env.PARTNER_CLIENT_SECRET) {
      if (!authFromSpec) return usage('set the client secret in the PARTNER_CLIENT_SECRET environment variable to sign with --auth hmac.')
      io.stderr.write('note: the spec signs this path (hmac), but PARTNER_CLIENT_SECRET is not set: sending it unsigned.\n')
      request.auth = 'none'
    }
    if (where.mode === 'flags' && request.auth === 'bearer') {
      const token = process.env.PARTNER_ACCESS_TOKEN
      if (!token && !authFromSpec) return usage('with an environment from flags, --auth bearer reads the token from PARTNER_ACCESS_TOKEN.')
      if (!token)
        io.stderr.write('note: the spec wants a bearer token for this path, but PARTNER_ACCESS_TOKEN is not set: sending it without one.\n')
      request.auth = 'none'
      if (token) request.headers = [...(request.headers ?? []), { name: 'authorization', value: `Bearer ${token}`, enabled: true }]
    }
    wr ??= await openWhereRuntime(where.mode, values, 'request')
    if (process.env.PARTNER_ACCESS_TOKEN) wr.runtime.secrets.add(process.env.PARTNER_ACCESS_TOKEN, 'access_token')
    if (where.mode === 'sandbox' && request.auth === 'bearer') await authorizeSandbox(wr, io)
    const exchange = await wr.call('requests:send', {
      request,
      envId: wr.env.id,
      force: values.force,
      confirmProduction: values['confirm-production'],
    })
    io.stdout.write(values.json ? `${JSON.stringify(asJson(exchange), null, 2)}\n` : formatExchange(exchange, request))
    return exchange.status >= 400 ? 1 : 0
  } catch (error) {
    if (!(error instanceof ConsoleError)) throw error
    const text = wr ? wr.runtime.secrets.redact(error.message) : error.message
    printConsoleError(io, 'request', { message: text, hint: error.hint })
    return 1
  } finally {
    await wr?.close()
  }
}

/**
 * The request of a cURL command, by the engine's one parser (`requests:fromCurl`), its notes on stderr; a body curl
 * would read from a file is read from that file (or from --body-file, which wins).
 */
async function requestFromCurl(
  wr: WhereRuntime,
  text: string,
  bodyFile: string | undefined,
  io: CliIo,
): Promise<{ request: ComposerRequestInput } | { usage: string }> {
  const draft = await wr.call('requests:fromCurl', { text, envId: wr.env.id })
  for (const note of draft.notes) io.stderr.write(`note: ${note}\n`)
  const file = bodyFile ?? draft.bodyFile
  if (file === null) return { request: draft.request }
  try {
    return { request: { ...draft.request, body: await readFile(file, 'utf8') } }
  } catch (error) {
    return { usage: `cannot read the body file ${file}: ${(error as Error).message}` }
  }
}

/** The built-in sandbox consents by itself: authorize it headless so a bearer request has a token. */
async function authorizeSandbox(wr: WhereRuntime, io: CliIo): Promise<void> {
  const options = {
    call: wr.trusted,
    events: (listener: Parameters<typeof wr.runtime.bus.subscribe>[0]) => wr.runtime.bus.subscribe(listener),
    envId: wr.env.id,
    autoConsent: true,
    authorizeTimeoutSeconds: 30,
    from: '',
    to: '',
    progress: new LineProgress(io.stderr),
  }
  const watcher = new FlowWatcher(options)
  const { flowId } = await authorizeHeadless(options, watcher)
  await watcher.until(flowId, step => step === 'done', 30_000)
}

function asJson(x: HttpExchangeView) {
  return {
    status: x.status,
    statusText: x.statusText,
    method: x.method,
    url: x.url,
    headers: x.headers,
    body: x.bodyKind === 'json' ? JSON.parse(x.body) : x.body,
    bodyKind: x.bodyKind,
    truncated: x.truncated,
    durationMs: Math.round(x.timings.total),
    attempts: x.attempts,
    quota: x.quota,
    notes: x.notes,
    logId: x.logId,
  }
}

/** Status line, headers, body (pretty JSON), quota: what a person reads in a terminal. */
function formatExchange(x: HttpExchangeView, request: ComposerRequestInput): string {
  const lines = [
    `${x.method} ${x.url}  (auth ${request.auth ?? 'none'})`,
    `HTTP/1.1 ${x.status} ${x.statusText}  ${Math.round(x.timings.total)} ms${x.attempts > 1 ? `, ${x.attempts} attempts (${x.retriedAfter.join(', ')})` : ''}`,
  ]
  for (const h of x.headers) lines.push(`${h.name}: ${h.value}`)
  lines.push('')
  let body = x.body
  if (x.bodyKind === 'json') {
    try {
      body = JSON.stringify(JSON.parse(x.body), null, 2)
    } catch {
      // shown as received
    }
  }
  if (body !== '') lines.push(body, '')
  if (x.truncated) lines.push(`(body truncated: ${x.keptBytes} of ${x.bodyBytes} bytes shown)`)
  if (x.quota) {
    const q = x.quota
    lines.push(
      `Quota ${q.method} ${q.path} (client ${q.clientId}): ${q.serverRemaining ?? q.predictedRemaining} of ${q.limit} remaining per ${Math.round(q.windowSeconds / 60)} min${
        q.serverRemaining === null ? ' (predicted)' : ''
      }, ${q.used} used by this console${q.retryAfterUntil ? `; blocked until ${q.retryAfterUntil}` : ''}`,
    )
  }
  for (const n of x.notes) lines.push(`note: ${n}`)
  return `${lines.join('\n')}\n`
}
