/**
 * A small cmd.exe batch-file reader, faithful for what the console's .cmd snippets can contain, following cmd's
 * phases: lines end at CRLF (a lone CR or LF is reported), a `^` at the end of a line outside quotes joins the next;
 * phase 1 turns `%%` into `%` and `%NAME%` into a variable reference (a lone `%` vanishes, as in a batch file; `%~`
 * and `%1` are reported); phase 2 toggles quoting at every `"`, takes `^x` as x outside quotes, and splits commands at
 * `&`, `|`, `<`, `>` outside quotes. `rem` lines are comments. A program's arguments are then split with the
 * Microsoft C runtime's rules (2n backslashes + `"` → n backslashes and a quote toggle; 2n+1 → a literal `"`).
 */
export interface CmdLine {
  /** After phase 1, with variable references kept as `%NAME%`. */
  text: string
  comment: boolean
  /** `&`, `|`, `<`, `>` found outside quotes, in order. */
  operators: string[]
  variables: string[]
}

export function readBatch(source: string): { lines: CmdLine[]; problems: string[] } {
  const problems: string[] = []
  if (!source.endsWith('\r\n')) problems.push('the file does not end with CRLF')
  const physical = source.split('\r\n')
  physical.pop()
  for (const l of physical) if (/[\r\n]/.test(l)) problems.push(`a lone CR or LF in ${JSON.stringify(l)}`)
  const lines: CmdLine[] = []
  let carry = ''
  for (const p of physical) {
    const { text, variables } = phase1(carry + p, problems)
    const comment = /^\s*rem(\s|$)/i.test(text)
    if (!comment && endsWithContinuation(text)) {
      carry = `${(carry + p).slice(0, -1)}`
      continue
    }
    if (comment && /\^$/.test(text)) problems.push('a rem line ends with ^ (it would swallow the next line)')
    carry = ''
    lines.push({ text, comment, operators: comment ? [] : phase2Operators(text), variables })
  }
  return { lines, problems }
}

function phase1(line: string, problems: string[]): { text: string; variables: string[] } {
  let text = ''
  const variables: string[] = []
  for (let i = 0; i < line.length; i++) {
    const c = line[i] as string
    if (c !== '%') {
      text += c
      continue
    }
    if (line[i + 1] === '%') {
      text += '%'
      i++
      continue
    }
    if (/[~0-9*]/.test(line[i + 1] ?? '')) problems.push(`a batch parameter reference %${line[i + 1]} in ${JSON.stringify(line)}`)
    const end = line.indexOf('%', i + 1)
    if (end < 0) continue
    const name = line.slice(i + 1, end)
    variables.push(name)
    text += `%${name}%`
    i = end
  }
  return { text, variables }
}

function endsWithContinuation(text: string): boolean {
  let quoted = false
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '"') quoted = !quoted
    else if (text[i] === '^' && !quoted) {
      if (i === text.length - 1) return true
      i++
    }
  }
  return false
}

function phase2Operators(text: string): string[] {
  const operators: string[] = []
  let quoted = false
  for (let i = 0; i < text.length; i++) {
    const c = text[i] as string
    if (c === '"') quoted = !quoted
    else if (quoted) continue
    else if (c === '^') i++
    else if ('&|<>'.includes(c)) operators.push(c)
  }
  return operators
}

/** The arguments a C runtime program receives for a command line (after cmd's phases; `^` outside quotes removed). */
export function crtArguments(text: string): string[] {
  let line = ''
  let quoted = false
  for (let i = 0; i < text.length; i++) {
    const c = text[i] as string
    if (c === '"') quoted = !quoted
    if (c === '^' && !quoted) {
      i++
      line += text[i] ?? ''
      continue
    }
    line += c
  }
  const args: string[] = []
  let current = ''
  let inArg = false
  quoted = false
  for (let i = 0; i < line.length; i++) {
    const c = line[i] as string
    if (c === '\\') {
      let n = 0
      while (line[i + n] === '\\') n++
      if (line[i + n] === '"') {
        current += '\\'.repeat(Math.floor(n / 2))
        if (n % 2 === 1) current += '"'
        else quoted = !quoted
        i += n
      } else {
        current += '\\'.repeat(n)
        i += n - 1
      }
      inArg = true
    } else if (c === '"') {
      quoted = !quoted
      inArg = true
    } else if ((c === ' ' || c === '\t') && !quoted) {
      if (inArg) args.push(current)
      current = ''
      inArg = false
    } else {
      current += c
      inArg = true
    }
  }
  if (inArg) args.push(current)
  return args
}
