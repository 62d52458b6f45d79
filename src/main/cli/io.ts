/** Where a CLI command writes; injectable so commands are tested with real output captured in memory. */
export interface CliIo {
  stdout: NodeJS.WritableStream
  stderr: NodeJS.WritableStream
  /**
   * Present only when the command runs as the real process (set by `main`, see output-guard.ts): its stdin (opened
   * only when asked for), and a
   * promise that settles when the reader of stdout or stderr is gone. Tests running commands in-process leave it out.
   */
  process?: { stdin: () => NodeJS.ReadableStream; readerGone: Promise<string> }
}

export const processIo: CliIo = { stdout: process.stdout, stderr: process.stderr }

/** Resolves when the process is asked to stop (Ctrl-C or SIGTERM). */
export function untilSignal(): Promise<NodeJS.Signals> {
  return new Promise(resolve => {
    const done = (signal: NodeJS.Signals) => {
      process.off('SIGINT', done)
      process.off('SIGTERM', done)
      resolve(signal)
    }
    process.once('SIGINT', done)
    process.once('SIGTERM', done)
  })
}

/** A usage error of `command`: says what is wrong and where the options are, and gives exit code 2. */
export function usageError(io: CliIo, command: string): (message: string) => 2 {
  return message => {
    io.stderr.write(`partner-console ${command}: ${message}\nRun \`partner-console ${command} --help\` for the options.\n`)
    return 2
  }
}
