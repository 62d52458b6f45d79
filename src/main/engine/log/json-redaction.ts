/** What to do with each kind of value the walkers meet. */
export interface LeafRedactor {
  /** A value under a credential name: replaced whole (string, number, or every leaf of an array or object). */
  byName(value: string, label: string): string
  /** Any other string value or key: known secrets, and credential parameters of URLs inside it. */
  other(value: string): string
  /** Text between JSON strings (numbers, literals, punctuation, or anything in malformed JSON). */
  raw(text: string): string
}

/** What replaces a value cut at the body cap: the prefix of a secret is not shown either. */
export const CUT_VALUE = '[value cut at the body cap]'

interface Frame {
  object: boolean
  /** The credential label every value inside inherits (a sensitive key whose value is an object or array). */
  inherited: string | null
  expectKey: boolean
  keyLabel: string | null
}

const STRUCTURAL = /[{}[\],:"]/g

/**
 * Redacts a JSON text by walking its tokens, keeping its layout byte for byte where nothing is redacted: each string is
 * decoded before it is looked at (so `\"`, `\\`, `\/` and `\u` escapes hide nothing), keys stay keys, values under a
 * credential name (at any depth, arrays included) are replaced whole, and a string left open by truncation is
 * dropped. Malformed JSON is walked the same way, token by token, and never throws.
 */
export function redactJsonText(text: string, leaf: LeafRedactor, labelOf: (key: string) => string | null, truncated: boolean): string {
  const out = new Rewrite(text)
  const stack: Frame[] = []
  let i = 0
  const n = text.length
  while (i < n) {
    const c = text[i] as string
    if (c === '"') {
      const end = closingQuote(text, i)
      if (end < 0 && truncated) {
        out.replace(i, n, `"${CUT_VALUE}`)
        break
      }
      const stop = end < 0 ? n : end
      const raw = text.slice(i + 1, stop)
      const close = end < 0 ? '' : '"'
      const decoded = decodeJsonString(raw)
      const top = stack[stack.length - 1]
      if (top?.object && top.expectKey) {
        top.keyLabel = labelOf(decoded)
        const key = leaf.other(decoded)
        if (key !== decoded) out.replace(i, stop + close.length, `${JSON.stringify(key).slice(0, -1)}${close}`)
      } else {
        const label = valueLabel(stack)
        const value = label ? leaf.byName(decoded, label) : leaf.other(decoded)
        if (value !== decoded) out.replace(i, stop + close.length, `${JSON.stringify(value).slice(0, -1)}${close}`)
      }
      i = stop + 1
      continue
    }
    if (c === '{' || c === '[') {
      stack.push({ object: c === '{', inherited: valueLabel(stack), expectKey: c === '{', keyLabel: null })
    } else if (c === '}' || c === ']') {
      stack.pop()
    } else if (c === ':') {
      const top = stack[stack.length - 1]
      if (top?.object) top.expectKey = false
    } else if (c === ',') {
      const top = stack[stack.length - 1]
      if (top?.object) {
        top.expectKey = true
        top.keyLabel = null
      }
    } else {
      STRUCTURAL.lastIndex = i
      const next = STRUCTURAL.exec(text)
      const stop = next ? next.index : n
      const run = text.slice(i, stop)
      const label = valueLabel(stack)
      const literal = run.trim()
      if (stop === n && truncated && literal !== '') {
        out.replace(i + run.indexOf(literal), stop, CUT_VALUE)
      } else if (label && literal !== '' && literal !== 'null' && literal !== 'true' && literal !== 'false') {
        const at = i + run.indexOf(literal)
        out.replace(at, at + literal.length, JSON.stringify(leaf.byName(literal, label)))
      } else {
        const redacted = leaf.raw(run)
        if (redacted !== run) out.replace(i, stop, redacted)
      }
      i = stop
      continue
    }
    i += 1
  }
  return out.result()
}

/**
 * A text rewritten copy on write: pieces are kept only where something is replaced (the text up to `flushed` is
 * already in them, the rest is still the input's own), so a body with nothing to redact comes back as it is.
 */
class Rewrite {
  private readonly pieces: string[] = []
  private flushed = 0

  constructor(private readonly text: string) {}

  replace(from: number, to: number, replacement: string): void {
    this.pieces.push(this.text.slice(this.flushed, from), replacement)
    this.flushed = to
  }

  result(): string {
    if (this.pieces.length === 0) return this.text
    this.pieces.push(this.text.slice(this.flushed))
    return this.pieces.join('')
  }
}

/** The credential label of a value at the top of the stack: its key's, or the one it inherits. */
function valueLabel(stack: readonly Frame[]): string | null {
  const top = stack[stack.length - 1]
  if (!top) return null
  return top.object ? (top.keyLabel ?? top.inherited) : top.inherited
}

/** Index of the quote closing the string opened at `open`, or -1 when it is never closed. */
function closingQuote(text: string, open: number): number {
  let from = open + 1
  for (;;) {
    const q = text.indexOf('"', from)
    if (q < 0) return -1
    let backslashes = 0
    for (let k = q - 1; k > open && text.charCodeAt(k) === 92; k--) backslashes += 1
    if (backslashes % 2 === 0) return q
    from = q + 1
  }
}

function decodeJsonString(raw: string): string {
  if (!raw.includes('\\')) return raw
  try {
    return JSON.parse(`"${raw}"`) as string
  } catch {
    // Malformed escapes: undo the ones that are well formed, so a secret behind them is still recognised.
    return raw.replace(/\\(u[0-9a-fA-F]{4}|["\\/bfnrt])/g, (_m, e: string) =>
      e.length === 5 ? String.fromCharCode(Number.parseInt(e.slice(1), 16)) : (ESCAPES[e] ?? e),
    )
  }
}

const ESCAPES: Readonly<Record<string, string>> = { '"': '"', '\\': '\\', '/': '/', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t' }
