import { ConsoleError } from '../../../core/console-error'

// One quoting function per target language: every value a generator writes goes through one of these, comments
// included. Each is exact for any input (or refuses it with a ConsoleError when the language cannot hold it), and none
// lets a value write a raw control character, line terminator (\n \r \v \f U+0085 U+2028 U+2029), bidi control or
// other invisible character into the program: those are written as the language's escapes, so the lines a user reads
// are the lines that run.

/** A code point written as an escape: controls, format (bidi) and unassigned characters, and every separator but space. */
const HIDDEN = /^[\p{C}\p{Z}]$/u

function hidden(ch: string): boolean {
  return ch !== ' ' && HIDDEN.test(ch)
}

function hex(n: number, width: number): string {
  return n.toString(16).toUpperCase().padStart(width, '0')
}

/** Lone surrogates become U+FFFD, as when the console sends the text (UTF-8 has no form for them). */
export function wellFormed(text: string): string {
  return text.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD')
}

/**
 * A word for any POSIX shell (sh, dash, bash, zsh), for a command pasted at a prompt: single-quoted, a quote inside
 * as '\''. Exact for every character (a line break stays inside the quotes); NUL, which no shell word can hold, is
 * refused, naming `what`.
 */
export function shWord(text: string, what: string): string {
  refuseNul(text, what)
  return `'${text.replace(/'/g, `'\\''`)}'`
}

function refuseNul(text: string, what: string): void {
  if (text.includes('\0')) {
    throw new ConsoleError('invalid_request', `${what} holds a NUL character, which no shell can pass to a program.`, {
      hint: 'Copy it as Python, Node or fetch instead.',
    })
  }
}

/**
 * A bash word (generated scripts): printable text single-quoted ('\'' for a quote), anything hidden as `$'\xHH'` bytes. `bytes` says how a
 * non-ASCII character is sent: `utf8` (URLs, bodies) keeps it as text, `latin1` (header values, which HTTP clients
 * send as Latin-1) writes its one byte. NUL cannot be in a shell word at all: refused, naming `what`.
 */
export function bashWord(text: string, what: string, bytes: 'utf8' | 'latin1' = 'utf8'): string {
  refuseNul(text, what)
  let out = ''
  let quoted = ''
  const flush = () => {
    if (quoted !== '') out += `'${quoted.replace(/'/g, `'\\''`)}'`
    quoted = ''
  }
  for (const ch of text) {
    if (bytes === 'latin1' && (ch.codePointAt(0) as number) > 0xff) {
      throw new ConsoleError('invalid_request', `${what} holds a character above U+00FF, which HTTP cannot carry there.`)
    }
    const asByte = bytes === 'latin1' && ch.charCodeAt(0) >= 0x80
    if (!hidden(ch) && !asByte) {
      quoted += ch
      continue
    }
    flush()
    const encoded = asByte ? Buffer.from([ch.charCodeAt(0)]) : Buffer.from(ch, 'utf8')
    out += `$'${[...encoded].map(b => `\\x${hex(b, 2)}`).join('')}'`
  }
  flush()
  return out === '' ? "''" : out
}

/** A JavaScript string literal (JSON's escapes, plus \uXXXX for every hidden character JSON leaves raw). */
export function jsString(text: string): string {
  let out = ''
  for (const ch of JSON.stringify(wellFormed(text))) {
    const cp = ch.codePointAt(0) as number
    out += hidden(ch) ? (cp > 0xffff ? `\\u{${hex(cp, 4)}}` : `\\u${hex(cp, 4)}`) : ch
  }
  return out
}

/** A Python 3 string literal: \\ \" \n \r \t, and \xHH, \uXXXX or \UXXXXXXXX for every hidden character. */
export function pyString(text: string): string {
  let out = '"'
  for (const ch of wellFormed(text)) {
    const cp = ch.codePointAt(0) as number
    if (ch === '\\') out += '\\\\'
    else if (ch === '"') out += '\\"'
    else if (ch === '\n') out += '\\n'
    else if (ch === '\r') out += '\\r'
    else if (ch === '\t') out += '\\t'
    else if (!hidden(ch)) out += ch
    else if (cp <= 0xff) out += `\\x${hex(cp, 2)}`
    else if (cp <= 0xffff) out += `\\u${hex(cp, 4)}`
    else out += `\\U${hex(cp, 8)}`
  }
  return `${out}"`
}

/**
 * A PowerShell string expression, ASCII only (Windows PowerShell 5.1 reads a .ps1 without BOM as ANSI): printable
 * ASCII in verbatim strings ('' for a quote), every other character as `[char]0xHHHH` (or ConvertFromUtf32 above
 * U+FFFF), joined with +, in parentheses so it is one argument anywhere.
 */
export function psString(text: string): string {
  const parts: string[] = []
  let verbatim = ''
  let open = false
  for (const ch of wellFormed(text)) {
    const cp = ch.codePointAt(0) as number
    if (cp >= 0x20 && cp <= 0x7e) {
      verbatim += ch === "'" ? "''" : ch
      open = true
      continue
    }
    if (open) parts.push(`'${verbatim}'`)
    verbatim = ''
    open = false
    parts.push(cp > 0xffff ? `[char]::ConvertFromUtf32(0x${hex(cp, 5)})` : `[char]0x${hex(cp, 4)}`)
  }
  if (open || parts.length === 0) parts.push(`'${verbatim}'`)
  if (parts.length === 1 && parts[0]?.startsWith("'")) return parts[0]
  // A [char] first would make + add numbers: start from a string.
  if (!parts[0]?.startsWith("'")) parts.unshift("''")
  return `(${parts.join(' + ')})`
}

/** Printable ASCII without `"`: what a cmd.exe double-quoted word can hold (`%` is doubled there). */
export function cmdCanHold(text: string): boolean {
  return /^[\x20\x21\x23-\x7e]*$/.test(text)
}

/**
 * A double-quoted word for a cmd batch file, read by a program that splits its command line with the Microsoft C
 * rules (curl.exe): `%` doubled (delayed expansion is off in the generated file, so `!` is plain), a trailing
 * backslash doubled so it does not escape the closing quote. A `"` cannot be escaped for cmd (`\"` is not an escape
 * there: it ends the quoting and lets `&` run a command), nor can a line break or a character outside printable ASCII
 * be written safely: those are refused, naming `what`; the generator encodes such values (base64) where it can.
 */
export function cmdWord(text: string, what: string): string {
  return `"${cmdText(text, what).replace(/(\\+)$/, '$1$1')}"`
}

/** The inside of `set "NAME=…"` in a batch file: the same characters as cmdWord, `%` doubled. */
export function cmdText(text: string, what: string): string {
  if (!cmdCanHold(text)) {
    throw new ConsoleError(
      'invalid_request',
      `${what} holds a double quote, a line break or a character outside printable ASCII, which a cmd batch file cannot carry safely.`,
      { hint: 'Copy it as PowerShell instead.' },
    )
  }
  return text.replace(/%/g, '%%')
}

/**
 * Text for a comment line in bash, Python, PowerShell or JavaScript: every hidden character (a line terminator would
 * end the comment and start code) written as \u{HHHH}.
 */
export function commentText(text: string): string {
  let out = ''
  for (const ch of text) out += hidden(ch) ? `\\u{${hex(ch.codePointAt(0) as number, 4)}}` : ch
  return out
}

/**
 * Text for a cmd `rem` line: letters, digits and plain punctuation kept, `%` doubled, everything else (quotes, the
 * caret that would continue the remark onto the next line, & | < > !, non-ASCII, controls) written as \u{HHHH}.
 */
export function cmdCommentText(text: string): string {
  let out = ''
  for (const ch of text) {
    if (ch === '%') out += '%%'
    else if (/^[A-Za-z0-9 /:.,_=+?#@()[\]{}~*;$'-]$/.test(ch)) out += ch
    else out += `\\u{${hex(ch.codePointAt(0) as number, 4)}}`
  }
  return out
}

/**
 * One HTTPie 3 request item for a header, exact for any header value: every character HTTPie reads as an item
 * separator (`:` `;` `=` `@`, so `:=`, `:=@`, `=@`, `:@`, `==@` and `@` which embed or upload a local file) or as its
 * escape (`\`) is backslash-escaped, and an empty value uses the empty-header form `name;` (`name:` would unset it).
 * Refuses a name starting with `-`, which HTTPie would read as an option.
 */
export function httpieHeaderItem(name: string, value: string): string {
  if (name.startsWith('-')) {
    throw new ConsoleError('invalid_request', `HTTPie would read the header name ${name} as an option (it starts with "-").`, {
      hint: 'Copy it as cURL instead.',
    })
  }
  if (value === '') return `${name};`
  return `${name}:${value.replace(/[\\:;=@]/g, c => `\\${c}`)}`
}
