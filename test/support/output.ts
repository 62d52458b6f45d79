import type { ChildProcess } from 'node:child_process'
import { type Readable, Writable } from 'node:stream'

/**
 * Text that a process or a command writes, kept as it arrives. `waitFor` resolves when a pattern shows up: the output
 * itself says when, so no test polls or sleeps. A wait fails at once when the source ends (the process exited)
 * without the pattern, and after `timeoutMs` otherwise, with the text so far in the message.
 */
export class OutputText {
  text = ''
  private readonly waiters = new Set<() => void>()
  private endedBecause: string | null = null

  /** Follows the stdout and stderr of a child process; its exit ends the waits. */
  static of(child: ChildProcess): OutputText {
    const out = new OutputText()
    out.follow(child.stdout).follow(child.stderr)
    child.once('close', (code, signal) => out.end(`the process exited (${signal ?? code})`))
    return out
  }

  /** Adds every chunk the stream emits. */
  follow(stream: Readable | null | undefined): this {
    stream?.on('data', (chunk: Buffer | string) => this.push(chunk))
    return this
  }

  /** A Writable that adds what is written to it (for commands that take an output stream). */
  writable(): Writable {
    return new Writable({
      write: (chunk: Buffer, _encoding, done) => {
        this.push(chunk)
        done()
      },
    })
  }

  push(chunk: Buffer | string): void {
    this.text += String(chunk)
    for (const waiter of [...this.waiters]) waiter()
  }

  /** No more output will come: pending waits fail now, naming `reason`. */
  end(reason: string): void {
    this.endedBecause = reason
    for (const waiter of [...this.waiters]) waiter()
  }

  /** Resolves with the match once `pattern` is in the text (at once if it already is). */
  waitFor(pattern: RegExp | string, timeoutMs = 15_000): Promise<RegExpMatchArray> {
    const regexp = typeof pattern === 'string' ? new RegExp(pattern.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) : pattern
    return new Promise((resolve, reject) => {
      const check = () => {
        const match = this.text.match(regexp)
        if (match) return settle(() => resolve(match))
        if (this.endedBecause !== null) return settle(() => reject(new Error(`${this.endedBecause} without ${regexp}:\n${this.text}`)))
      }
      const timer = setTimeout(() => settle(() => reject(new Error(`no ${regexp} within ${timeoutMs} ms in:\n${this.text}`))), timeoutMs)
      const settle = (action: () => void) => {
        clearTimeout(timer)
        this.waiters.delete(check)
        action()
      }
      this.waiters.add(check)
      check()
    })
  }
}
