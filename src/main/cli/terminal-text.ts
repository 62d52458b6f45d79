import { Writable } from 'node:stream'
import type { CliIo } from './io'

/**
 * What a terminal would obey rather than print: C0 controls but tab and line feed (ESC starts CSI and OSC sequences:
 * OSC 52 writes the clipboard, CSI clears the screen), a carriage return not followed by a line feed (it rewinds the
 * line to print over it), DEL, C1 controls (U+009B is a one-byte CSI, U+009D a one-byte OSC), the bidi embeddings,
 * overrides, isolates and marks that reorder what is shown (Trojan Source), and the Unicode line and paragraph
 * separators.
 */
const CONTROLLING =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is what this expression is for
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u061C\u200E\u200F\u2028\u2029\u202A-\u202E\u2066-\u2069]|\r(?!\n)/g

/**
 * The one function every CLI output goes through (see `terminalSafeIo`): each character a terminal would act on
 * becomes its visible `\uXXXX` escape, so text from a bundle, a HAR, a server or a client's request can show what it
 * contains but never drive the terminal. The escape is also a valid JSON string escape for the same character, so
 * `--json` output stays valid and decodes to the original text.
 */
export function escapeTerminalText(text: string): string {
  return text.replace(CONTROLLING, c => `\\u${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`)
}

/**
 * A command's output with every write put through `escapeTerminalText`: installed once by `main` for every command and
 * both streams (progress lines and error messages on stderr included), so no command can print file- or
 * server-provided text raw by forgetting to escape it. Writes are whole lines or messages (a CR and its LF travel
 * together).
 */
export function terminalSafeIo(io: CliIo): CliIo {
  const wrap = (target: NodeJS.WritableStream): NodeJS.WritableStream =>
    new Writable({
      decodeStrings: false,
      write(chunk: string | Buffer, _encoding, done) {
        target.write(escapeTerminalText(typeof chunk === 'string' ? chunk : chunk.toString('utf8')))
        done()
      },
    })
  return { ...io, stdout: wrap(io.stdout), stderr: wrap(io.stderr) }
}
