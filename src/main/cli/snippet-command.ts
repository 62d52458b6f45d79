import { parseArgs } from 'node:util'
import { SNIPPET_LANGUAGES, type SnippetLanguage } from '../../shared/contract'
import { ConsoleError } from '../engine/core/console-error'
import { printConsoleError } from './cli-hint'
import { type CliIo, processIo, usageError } from './io'
import { REQUEST_HELP, REQUEST_OPTIONS, requestFromArgs } from './request-args'
import { parseWhere, WHERE_OPTIONS, whereHelp } from './where-args'
import { openWhereRuntime, type WhereRuntime } from './where-runtime'

const HELP = `partner-console snippet --lang LANG METHOD PATH [--sandbox | --env NAME | --base-url URL --client-id ID [--auth-url URL]]
                        [--auth bearer|hmac|none] [--target api|auth] [--header 'K: V']... [--body TEXT | --body-file F]

Prints a runnable program that performs the request. HMAC requests are signed by the program when it runs (the
secret read from PARTNER_CLIENT_SECRET, never written in); bearer requests read PARTNER_ACCESS_TOKEN. The Node and
Python programs need nothing beyond their standard library.

  --lang LANG           ${SNIPPET_LANGUAGES.join(', ')}

${REQUEST_HELP}

${whereHelp(['base-url', 'client-id'])}
  (With --sandbox the program targets a sandbox that stops when this command ends: start one with
  \`partner-console sandbox\` and pass its URL with --base-url to run the program against it.)
`

/** `partner-console snippet`: prints a program performing one request, signing at run time. */
export async function runSnippetCommand(argv: string[], io: CliIo = processIo): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { ...WHERE_OPTIONS, ...REQUEST_OPTIONS, lang: { type: 'string' }, help: { type: 'boolean', short: 'h', default: false } },
    strict: true,
  })
  if (values.help) {
    io.stdout.write(HELP)
    return 0
  }
  const usage = usageError(io, 'snippet')
  const language = values.lang as SnippetLanguage | undefined
  if (!language || !SNIPPET_LANGUAGES.includes(language)) return usage(`--lang must be one of ${SNIPPET_LANGUAGES.join(', ')}.`)
  const where = parseWhere(values, ['base-url', 'client-id'])
  if ('usage' in where) return usage(where.usage)
  const built = await requestFromArgs(positionals, values)
  if ('usage' in built) return usage(built.usage)
  let wr: WhereRuntime | undefined
  try {
    wr = await openWhereRuntime(where.mode, values, 'snippet')
    const snippet = await wr.call('requests:snippet', { language, request: built.request, envId: wr.env.id })
    io.stdout.write(snippet.code)
    for (const n of snippet.notes) io.stderr.write(`note: ${n}\n`)
    if (where.mode === 'sandbox')
      io.stderr.write('note: the built-in sandbox of this run stops now; use `partner-console sandbox` and --base-url to run it.\n')
    return 0
  } catch (error) {
    if (!(error instanceof ConsoleError)) throw error
    printConsoleError(io, 'snippet', error)
    return 1
  } finally {
    await wr?.close()
  }
}
