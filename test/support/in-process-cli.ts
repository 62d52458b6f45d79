import { Writable } from 'node:stream'
import { main } from '../../src/main/cli/index'

/** A stream that keeps all the text written to it, for the CLI's stdout and stderr in-process. */
export class TextSink extends Writable {
  text = ''
  override _write(chunk: Buffer, _encoding: BufferEncoding, done: () => void): void {
    this.text += chunk.toString('utf8')
    done()
  }
}

/** Runs `partner-console <args>` in this process, as the bin does, and returns its exit code and what it printed. */
export async function runCli(args: string[]): Promise<{ code: number; out: string; err: string }> {
  const stdout = new TextSink()
  const stderr = new TextSink()
  const code = await main(args, { stdout, stderr })
  return { code, out: stdout.text, err: stderr.text }
}
