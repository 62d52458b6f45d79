/**
 * How HTTPie 3 reads its command line (httpie/cli/argtypes.py KeyValueArgType and argparser.py _guess_method), for
 * the checks where `http` is not installed: a request item is split at its first unescaped separator, the longest at
 * that position; `\` escapes a separator character or `\`; a METHOD that is not letters only is taken for the URL.
 */
const SEPARATORS = [':=@', '==@', '=@', ':@', ':=', '==', ':', ';', '=', '@']
const SPECIAL = new Set(['\\', ...SEPARATORS.join('')])

export function readHttpieItem(arg: string): { key: string; sep: string; value: string } | null {
  const tokens: Array<string | { escaped: string }> = ['']
  for (let i = 0; i < arg.length; i++) {
    const c = arg[i] as string
    if (c !== '\\') {
      tokens[tokens.length - 1] += c
      continue
    }
    const next = arg[++i] ?? ''
    if (SPECIAL.has(next)) tokens.push({ escaped: next }, '')
    else tokens[tokens.length - 1] += `\\${next}`
  }
  const text = (t: string | { escaped: string }) => (typeof t === 'string' ? t : t.escaped)
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]
    if (typeof token !== 'string') continue
    let best: { pos: number; sep: string } | null = null
    for (const sep of SEPARATORS) {
      const pos = token.indexOf(sep)
      if (pos >= 0 && (!best || pos < best.pos || (pos === best.pos && sep.length > best.sep.length))) best = { pos, sep }
    }
    if (!best) continue
    const key = tokens.slice(0, i).map(text).join('') + token.slice(0, best.pos)
    const value =
      token.slice(best.pos + best.sep.length) +
      tokens
        .slice(i + 1)
        .map(text)
        .join('')
    return { key, sep: best.sep, value }
  }
  return null
}

/** HTTPie's guess: `http METHOD URL` keeps METHOD only when it is letters only. */
export function httpieTakesMethod(method: string): boolean {
  return /^[a-zA-Z]+$/.test(method)
}
