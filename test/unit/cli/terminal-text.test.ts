import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { escapeTerminalText } from '../../../src/main/cli/terminal-text'

/** Written independently of the implementation: every code point a terminal acts on instead of printing. */
function actsOnTerminal(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (c === 0x0d && text.charCodeAt(i + 1) !== 0x0a) return true
    if (c < 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d) return true
    if (c >= 0x7f && c <= 0x9f) return true
    if ([0x061c, 0x200e, 0x200f, 0x2028, 0x2029].includes(c)) return true
    if ((c >= 0x202a && c <= 0x202e) || (c >= 0x2066 && c <= 0x2069)) return true
  }
  return false
}

const hostile = fc.string({
  unit: fc.oneof(
    fc.constantFrom('\x1b', '\x07', '\x9b', '\x9d', '\r', '\n', '\t', '\u202e', '\u2066', '\u2028', '\x7f', '\0', 'a', '\\', ']52;c;'),
    fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }),
  ),
})

describe('text from a file or a server never drives the terminal', () => {
  it('no output of the escape contains a character a terminal would act on, whatever the input', () => {
    fc.assert(
      fc.property(hostile, text => !actsOnTerminal(escapeTerminalText(text))),
      { numRuns: 2000 },
    )
  })

  it('printable text, tabs, line feeds and CRLF pairs pass unchanged', () => {
    fc.assert(
      fc.property(fc.string(), text => {
        const printable = [...text].filter(c => c === '\t' || c === '\n' || (c >= ' ' && c <= '~')).join('') + '\r\nend'
        return escapeTerminalText(printable) === printable
      }),
    )
  })

  it('shows what was there: OSC 52, a screen clear and a bidi override become visible escapes', () => {
    expect(escapeTerminalText('note\x1b]52;c;ZXZpbA==\x07\x1b[2J\u202egnp.exe\rSummary: 9 same')).toBe(
      'note\\u001B]52;c;ZXZpbA==\\u0007\\u001B[2J\\u202Egnp.exe\\u000DSummary: 9 same',
    )
  })

  it('--json output stays valid JSON and decodes to the original text', () => {
    fc.assert(fc.property(hostile, text => JSON.parse(escapeTerminalText(JSON.stringify({ text }))).text === text))
  })
})
