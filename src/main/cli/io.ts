/** Where a CLI command writes; injectable so commands are tested with real output captured in memory. */
export interface CliIo {
  stdout: NodeJS.WritableStream
  stderr: NodeJS.WritableStream
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
