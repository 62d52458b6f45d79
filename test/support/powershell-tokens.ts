/**
 * A small PowerShell tokenizer, faithful for what the console's snippets can contain: `#` line comments (ended by CR
 * or LF), `<# #>` block comments, verbatim strings ('…' with '' for a quote, where U+2018–U+201B also open and close
 * one, as in PowerShell), expandable strings ("…" with ` escapes), `[char]0xHHHH` and `[char]::ConvertFromUtf32(0xH…)`
 * atoms, and code. A string expression `( 'a' + [char]0xE9 + … )` is folded into one string token with its value.
 * Tests compare the code skeleton of a script built from hostile values with one built from plain ones: a value that
 * ends a string or a comment early changes the skeleton.
 */
export type PsToken = { kind: 'string'; value: string } | { kind: 'comment' } | { kind: 'code'; text: string } | { kind: 'newline' }

const SINGLE = /['\u2018\u2019\u201a\u201b]/

export function tokenizePowerShell(source: string): PsToken[] {
  const raw: Array<PsToken | { kind: 'char'; value: string }> = []
  let i = 0
  while (i < source.length) {
    const c = source[i] as string
    if (c === '\r' || c === '\n') {
      raw.push({ kind: 'newline' })
      i += c === '\r' && source[i + 1] === '\n' ? 2 : 1
    } else if (c === ' ' || c === '\t') i++
    else if (source.startsWith('<#', i)) {
      const end = source.indexOf('#>', i + 2)
      i = end < 0 ? source.length : end + 2
      raw.push({ kind: 'comment' })
    } else if (c === '#') {
      while (i < source.length && source[i] !== '\r' && source[i] !== '\n') i++
      raw.push({ kind: 'comment' })
    } else if (SINGLE.test(c)) {
      let value = ''
      i++
      for (;;) {
        if (i >= source.length) throw new Error('unterminated verbatim string')
        const d = source[i] as string
        if (SINGLE.test(d)) {
          if (SINGLE.test(source[i + 1] ?? '')) {
            value += d
            i += 2
            continue
          }
          i++
          break
        }
        value += d
        i++
      }
      raw.push({ kind: 'string', value })
    } else if (c === '"') {
      let value = ''
      i++
      while (i < source.length && source[i] !== '"') {
        if (source[i] === '`') i++
        value += source[i]
        i++
      }
      if (i >= source.length) throw new Error('unterminated expandable string')
      i++
      raw.push({ kind: 'string', value: `"${value}"` })
    } else {
      const atom = /^\[char\]0x([0-9A-F]+)|^\[char\]::ConvertFromUtf32\(0x([0-9A-F]+)\)/i.exec(source.slice(i))
      if (atom) {
        raw.push({ kind: 'char', value: String.fromCodePoint(Number.parseInt((atom[1] ?? atom[2]) as string, 16)) })
        i += atom[0].length
        continue
      }
      const word = /^[^\s'"#\u2018-\u201b()+]+|^[()+]/.exec(source.slice(i))?.[0] ?? c
      raw.push({ kind: 'code', text: word })
      i += word.length
    }
  }
  return fold(raw)
}

/** Folds `( string (+ string|char)* )` into one string token. */
function fold(raw: Array<PsToken | { kind: 'char'; value: string }>): PsToken[] {
  const out: PsToken[] = []
  for (let i = 0; i < raw.length; i++) {
    const t = raw[i] as PsToken | { kind: 'char'; value: string }
    if (t.kind === 'code' && t.text === '(') {
      let j = i + 1
      let value = ''
      let ok = false
      for (;;) {
        const part = raw[j]
        if (!part || (part.kind !== 'string' && part.kind !== 'char')) break
        value += part.value
        const next = raw[j + 1]
        if (next?.kind === 'code' && next.text === '+') {
          j += 2
          continue
        }
        if (next?.kind === 'code' && next.text === ')') ok = true
        break
      }
      if (ok) {
        out.push({ kind: 'string', value })
        i = j + 1
        continue
      }
    }
    if (t.kind === 'char') throw new Error('a [char] atom outside a string expression')
    out.push(t)
  }
  return out
}

/** The script with every string replaced by S and every comment by C: what runs, whatever the values. */
export function powerShellSkeleton(tokens: PsToken[]): string {
  return tokens.map(t => (t.kind === 'string' ? 'S' : t.kind === 'comment' ? 'C' : t.kind === 'newline' ? '\n' : t.text)).join(' ')
}
