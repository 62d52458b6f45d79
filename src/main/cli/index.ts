import { keepWasmParserInBaselineTier } from './brief-run'
import { type CliIo, processIo } from './io'
import { guardProcessOutput } from './output-guard'
import { terminalSafeIo } from './terminal-text'
import { PACKAGE_VERSION } from './version'

type Command = (argv: string[], io: CliIo) => Promise<number>

/** `brief`: a one-shot command of a few requests (see brief-run.ts). */
const COMMANDS: Record<string, { summary: string; load: () => Promise<Command>; brief?: true }> = {
  web: {
    summary: 'serve the console in a browser on 127.0.0.1 (with the built-in sandbox)',
    load: async () => (await import('./web-command')).runWebCommand,
  },
  sandbox: {
    summary: 'run the Partner API sandbox alone and print its URL, demo logins and client credentials',
    load: async () => (await import('./sandbox-command')).runSandboxCommand,
  },
  sign: {
    summary: 'sign a request with HMAC-SHA256 and show the canonical string part by part',
    load: async () => (await import('./sign-command')).runSignCommand,
  },
  verify: {
    summary: 'check a captured signature and name the mistake that reproduces it',
    load: async () => (await import('./verify-command')).runVerifyCommand,
  },
  request: {
    summary: 'send one request (bearer, HMAC signed at send, or none) and print status, headers, body and quota',
    load: async () => (await import('./request-command')).runRequestCommand,
    brief: true,
  },
  snippet: {
    summary: 'print a runnable program (curl, Node, Python, ...) that performs a request and signs it at run time',
    load: async () => (await import('./snippet-command')).runSnippetCommand,
  },
  replay: {
    summary: 'replay a repro bundle or a HAR against the sandbox or an environment, compare each answer with the original',
    load: async () => (await import('./replay-command')).runReplayCommand,
  },
  capture: {
    summary: 'put the console between your integration and the API (gateway or proxy) and record every exchange',
    load: async () => (await import('./capture-command')).runCaptureCommand,
  },
  doctor: {
    summary: 'run your integration (or test suite) through the capture and judge it rule by rule, with drills and reports',
    load: async () => (await import('./doctor-command')).runDoctorCommand,
  },
  walkthrough: {
    summary: 'run the whole flow headless (authorize, token, locations, install, export) and write a sanitized HAR',
    load: async () => (await import('./walkthrough-command')).runWalkthroughCommand,
    brief: true,
  },
}

const HELP = `partner-console ${PACKAGE_VERSION}: devtools for the Partner Integration Access API

Usage: partner-console <command> [options]

Commands:
${Object.entries(COMMANDS)
  .map(([name, c]) => `  ${name.padEnd(12)} ${c.summary}`)
  .join('\n')}

Run \`partner-console <command> --help\` for a command's options.
`

/**
 * The CLI's entry: dispatches to a command and returns the process exit code. Every command writes through
 * `terminalSafeIo` (no file- or server-provided text drives the terminal); as the real process, through the output
 * guard too (a reader that goes away stops the command instead of making it spin).
 */
export async function main(argv: string[], given: CliIo = processIo): Promise<number> {
  const io = terminalSafeIo(given === processIo ? guardProcessOutput() : given)
  const [name, ...rest] = argv
  if (!name || name === '--help' || name === '-h' || name === 'help') {
    io.stdout.write(HELP)
    return 0
  }
  if (name === '--version' || name === '-v') {
    io.stdout.write(`${PACKAGE_VERSION}\n`)
    return 0
  }
  const command = COMMANDS[name]
  if (!command) {
    io.stderr.write(`Unknown command "${name}".\n\n${HELP}`)
    return 2
  }
  if (command.brief && given === processIo) keepWasmParserInBaselineTier()
  try {
    return await (await command.load())(rest, io)
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error)
    io.stderr.write(`partner-console ${name}: ${message}\n`)
    return (error as { code?: string }).code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION' ? 2 : 1
  }
}
