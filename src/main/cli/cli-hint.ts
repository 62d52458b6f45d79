import type { CliIo } from './io'

/**
 * The CLI's words for the engine's hints that name a screen of the console: a CLI user is told about flags and
 * environment variables, never about a view they do not have. Matched on the screen the hint names.
 */
const CLI_WORDS: [RegExp, string][] = [
  [/client secret/i, 'Set the client secret in PARTNER_CLIENT_SECRET (with --base-url and --client-id), or use --sandbox.'],
  [/Authorize first/i, 'Use --sandbox (it authorizes by itself), or set PARTNER_ACCESS_TOKEN with --base-url and --client-id.'],
  [/Environments → New/, 'Use --sandbox, or --base-url URL --client-id ID (secret in PARTNER_CLIENT_SECRET).'],
  [/Environments → Import/, 'Use --sandbox, or --base-url URL --client-id ID (secret in PARTNER_CLIENT_SECRET).'],
  [/Client certificate key/, 'Use --base-url and --client-id with the network flags (see --help) instead of this environment.'],
  [/network log/, 'Run the command again with --json to see everything the server sent.'],
  [/presenter mode/i, 'The data folder is in presenter mode: run the command with --sandbox, or turn presenter mode off.'],
]

/** Names a screen of the console (a path like "Environments → Edit", the status bar, the network log, a palette). */
const NAMES_A_SCREEN = /[A-Z][\w ]* → |status bar|network log|command palette/

/**
 * A hint as the CLI prints it: the engine's own when it speaks of no screen, else its CLI wording, else nothing
 * (a hint a CLI user cannot follow is worse than none).
 */
export function cliHint(hint: string | undefined): string | undefined {
  if (!hint || !NAMES_A_SCREEN.test(hint)) return hint
  return CLI_WORDS.find(([pattern]) => pattern.test(hint))?.[1]
}

/** `partner-console COMMAND: message` and, when there is one to follow from a shell, `hint: …`, on stderr. */
export function printConsoleError(io: CliIo, command: string, error: { message: string; hint?: string }): void {
  const hint = cliHint(error.hint)
  io.stderr.write(`partner-console ${command}: ${error.message}\n${hint ? `hint: ${hint}\n` : ''}`)
}
