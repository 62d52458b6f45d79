/**
 * The last line of defence of a long-running command (`web`, `sandbox`): an unexpected rejection or exception is
 * written to stderr (through `redact`, so a secret in a message stays hidden) and the process keeps serving, instead of
 * Node's default of exiting on the first one. Installed by the command, never by library code; returns its uninstaller.
 */
export function installProcessGuard(stderr: NodeJS.WritableStream, redact: (text: string) => string = t => t): () => void {
  const report = (kind: string) => (reason: unknown) => {
    const text = reason instanceof Error ? (reason.stack ?? reason.message) : String(reason)
    try {
      stderr.write(`partner-console: ${kind} (kept serving): ${redact(text)}\n`)
    } catch {
      // nowhere left to report it
    }
  }
  const onRejection = report('unexpected rejection')
  const onException = report('unexpected error')
  process.on('unhandledRejection', onRejection)
  process.on('uncaughtException', onException)
  return () => {
    process.off('unhandledRejection', onRejection)
    process.off('uncaughtException', onException)
  }
}
