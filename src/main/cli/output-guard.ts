import { Writable } from 'node:stream'
import type { CliIo } from './io'

/**
 * The process's own stdout and stderr, made safe to write to after their reader is gone. The first error on either
 * (EPIPE when `| head` exits, EIO when the terminal closes) silences that stream for good: later writes are dropped,
 * never retried, never reported on the other stream in a loop. `readerGone` settles then, with what happened, so a
 * long-running command shuts down cleanly (port closed, console.lock released) instead of spinning.
 */
export function guardProcessOutput(
  stdout: NodeJS.WriteStream = process.stdout,
  stderr: NodeJS.WriteStream = process.stderr,
  stdin: () => NodeJS.ReadableStream = () => process.stdin,
): CliIo {
  let gone: (what: string) => void = () => {}
  const readerGone = new Promise<string>(resolve => {
    gone = resolve
  })
  const guard = (target: NodeJS.WriteStream, name: string): NodeJS.WritableStream => {
    let open = true
    target.on('error', (error: NodeJS.ErrnoException) => {
      if (!open) return
      open = false
      gone(`${name} is closed (${error.code ?? error.message}): its reader is gone`)
    })
    return new Writable({
      decodeStrings: false,
      write(chunk: string | Buffer, _encoding, done) {
        if (open && !target.destroyed) {
          try {
            target.write(chunk)
          } catch {
            open = false
            gone(`${name} cannot be written to: its reader is gone`)
          }
        }
        done()
      },
    })
  }
  return { stdout: guard(stdout, 'stdout'), stderr: guard(stderr, 'stderr'), process: { stdin, readerGone } }
}
