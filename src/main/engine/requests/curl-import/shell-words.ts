/** The words of one command line, and why reading stopped early (a pipe, a redirection, a second command). */
interface ShellWords {
  words: string[]
  /** The shell operator that ended the command (`|`, `;`, `&&`, `>`…), when anything followed the command. */
  stoppedAt: string | null
}

/**
 * Splits a command as POSIX shells (bash, zsh) read it: 'single quotes' keep everything, "double quotes" take `\"`,
 * `\\`, `\$` and `` \` `` as escapes, `$'…'` takes C escapes (\n, \t, \xHH, \uHHHH…), a backslash outside quotes
 * escapes the next character and a backslash before a newline joins the lines. Variables (`$X`) are kept as typed:
 * nothing is expanded. Reading stops at an unquoted `|`, `;`, `&`, `<`, `>` or `#` comment, which it reports.
 */
export function posixWords(text: string): ShellWords {
  const words: string[] = []
  let word: string | null = null
  const add = (s: string) => {
    word = (word ?? '') + s
  }
  let i = 0
  while (i < text.length) {
    const c = text[i] as string
    if (c === '\\') {
      const next = text[i + 1]
      if (next === '\n') i += 2
      else if (next === '\r' && text[i + 2] === '\n') i += 3
      else if (next === undefined) i += 1
      else {
        add(next)
        i += 2
      }
    } else if (c === "'") {
      const end = text.indexOf("'", i + 1)
      if (end < 0) throw new ShellSyntaxError("a single quote (') is never closed")
      add(text.slice(i + 1, end))
      i = end + 1
    } else if (c === '$' && text[i + 1] === "'") {
      const [value, end] = ansiC(text, i + 2)
      add(value)
      i = end
    } else if (c === '"') {
      let j = i + 1
      let value = ''
      for (; j < text.length && text[j] !== '"'; j++) {
        const d = text[j] as string
        const e = text[j + 1]
        if (d === '\\' && e !== undefined && '"\\$`\n'.includes(e)) {
          if (e !== '\n') value += e
          j++
        } else value += d
      }
      if (j >= text.length) throw new ShellSyntaxError('a double quote (") is never closed')
      add(value)
      i = j + 1
    } else if (c === ' ' || c === '\t' || c === '\n' || c === '\r') {
      if (word !== null) words.push(word)
      word = null
      i++
    } else if ('|;&<>'.includes(c) || (c === '#' && word === null)) {
      if (word !== null) words.push(word)
      const rest = text.slice(i).trim()
      return { words, stoppedAt: rest === '' ? null : (rest.match(/^(\|\||&&|[|;&<>#])/)?.[0] ?? c) }
    } else {
      add(c)
      i++
    }
  }
  if (word !== null) words.push(word)
  return { words, stoppedAt: null }
}

/**
 * Splits a command as Windows cmd.exe and then curl.exe's C runtime read it (Chrome's "Copy as cURL (cmd)"): cmd first
 * removes carets (`^x` is x, `^` at a line's end joins the lines; inside "quotes" a caret is kept), then the C
 * runtime splits words at blanks outside "quotes", where `\"` is a quote, 2n backslashes before a quote are n and
 * `""` inside quotes is one quote. `%VAR%` is kept as typed.
 */
export function cmdWords(text: string): ShellWords {
  let line = ''
  let quoted = false
  let stoppedAt: string | null = null
  for (let i = 0; i < text.length; i++) {
    const c = text[i] as string
    if (c === '^' && !quoted) {
      const next = text[i + 1]
      if (next === '\r' && text[i + 2] === '\n') i += 2
      else if (next === '\n') i += 1
      else if (next !== undefined) {
        line += next
        i++
      }
      continue
    }
    if (c === '"') quoted = !quoted
    if (!quoted && (c === '\n' || c === '\r')) {
      if (text.slice(i).trim() !== '') stoppedAt = 'a new line'
      break
    }
    if (!quoted && '|&<>'.includes(c)) {
      stoppedAt = c
      break
    }
    line += c
  }
  if (quoted) throw new ShellSyntaxError('a double quote (") is never closed')
  return { words: crtWords(line), stoppedAt }
}

/** The Microsoft C runtime's argv rules (CommandLineToArgvW, as curl.exe reads its command line). */
function crtWords(line: string): string[] {
  const words: string[] = []
  let word: string | null = null
  let quoted = false
  for (let i = 0; i < line.length; i++) {
    const c = line[i] as string
    if (c === '\\') {
      let n = 0
      while (line[i + n] === '\\') n++
      if (line[i + n] === '"') {
        word = (word ?? '') + '\\'.repeat(Math.floor(n / 2))
        if (n % 2 === 1) word += '"'
        else quoted = !quoted
        i += n
      } else {
        word = (word ?? '') + '\\'.repeat(n)
        i += n - 1
      }
    } else if (c === '"') {
      if (quoted && line[i + 1] === '"') {
        word = `${word ?? ''}"`
        i++
      } else {
        word = word ?? ''
        quoted = !quoted
      }
    } else if ((c === ' ' || c === '\t') && !quoted) {
      if (word !== null) words.push(word)
      word = null
    } else word = (word ?? '') + c
  }
  if (word !== null) words.push(word)
  return words
}

/** A command the shell itself could not read (an unclosed quote): the message says which. */
export class ShellSyntaxError extends Error {}

const SIMPLE_ESCAPES: Record<string, string> = { n: '\n', t: '\t', r: '\r', a: '\x07', b: '\b', e: '\x1b', E: '\x1b', f: '\f', v: '\v' }

/** bash's `$'…'` from `start` (after the opening quote): the value and the index after the closing quote. */
function ansiC(text: string, start: number): [string, number] {
  let value = ''
  let i = start
  while (i < text.length) {
    const c = text[i] as string
    if (c === "'") return [value, i + 1]
    if (c !== '\\') {
      value += c
      i++
      continue
    }
    const e = text[i + 1] ?? ''
    if (e in SIMPLE_ESCAPES) {
      value += SIMPLE_ESCAPES[e]
      i += 2
    } else if (e === 'x' || e === 'u' || e === 'U') {
      const max = e === 'x' ? 2 : e === 'u' ? 4 : 8
      const hex = text.slice(i + 2, i + 2 + max).match(/^[0-9a-fA-F]+/)?.[0] ?? ''
      if (hex === '') value += `\\${e}`
      else value += e === 'x' ? String.fromCharCode(Number.parseInt(hex, 16)) : String.fromCodePoint(Number.parseInt(hex, 16))
      i += 2 + hex.length
    } else if (/[0-7]/.test(e)) {
      const oct = text.slice(i + 1, i + 4).match(/^[0-7]+/)?.[0] ?? ''
      value += String.fromCharCode(Number.parseInt(oct, 8))
      i += 1 + oct.length
    } else {
      value += e
      i += 2
    }
  }
  throw new ShellSyntaxError("a $'…' quote is never closed")
}
