import { Writable } from 'node:stream'
import type { CliIo } from './io'

/**
 * The command's output with every known secret replaced (the runtime's registry, once it exists): the last net under
 * anything a command prints, progress lines and error messages included. Writes are whole lines or messages, so a
 * secret is never split across two of them.
 */
export function redactingIo(io: CliIo, redact: (text: string) => string): CliIo {
  const wrap = (target: NodeJS.WritableStream): NodeJS.WritableStream =>
    new Writable({
      decodeStrings: false,
      write(chunk: string | Buffer, _encoding, done) {
        target.write(redact(typeof chunk === 'string' ? chunk : chunk.toString('utf8')))
        done()
      },
    })
  return { stdout: wrap(io.stdout), stderr: wrap(io.stderr) }
}
