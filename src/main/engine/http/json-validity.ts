/**
 * True exactly when `JSON.parse(text)` would succeed (ECMA-404: whitespace is tab, LF, CR and space, a BOM is not;
 * strings hold no raw control character; numbers without leading zeros or a bare point), found by one scan that builds
 * nothing: a response body's kind is known without turning it into objects nobody reads. Nesting has no depth limit
 * here, as in V8's parser (an explicit stack, not recursion).
 */
export function isJsonText(text: string): boolean {
  const n = text.length
  // What each open container is: 1 = object, 2 = array (grown on demand).
  let stack = new Uint8Array(16)
  let depth = 0
  let i = skipSpace(text, 0)
  for (;;) {
    // A value starts at i.
    if (i >= n) return false
    const c = text.charCodeAt(i)
    if (c === 123 || c === 91) {
      // { or [: open it, then either its end or its first member.
      if (depth === stack.length) {
        const grown = new Uint8Array(depth * 2)
        grown.set(stack)
        stack = grown
      }
      stack[depth++] = c === 123 ? 1 : 2
      i = skipSpace(text, i + 1)
      const close = c === 123 ? 125 : 93
      if (text.charCodeAt(i) === close) {
        depth--
        i = i + 1
      } else if (c === 123) {
        i = memberName(text, i)
        if (i < 0) return false
        continue
      } else continue
    } else if (c === 34) {
      i = stringEnd(text, i)
      if (i < 0) return false
    } else if (c === 45 || (c >= 48 && c <= 57)) {
      i = numberEnd(text, i)
      if (i < 0) return false
    } else if (c === 116 && text.startsWith('true', i)) i += 4
    else if (c === 102 && text.startsWith('false', i)) i += 5
    else if (c === 110 && text.startsWith('null', i)) i += 4
    else return false
    // After a value: the end of the text, or a comma or the end of the container it is in.
    for (;;) {
      i = skipSpace(text, i)
      if (depth === 0) return i === n
      const d = text.charCodeAt(i)
      const inObject = stack[depth - 1] === 1
      if (d === 44) {
        i = skipSpace(text, i + 1)
        if (inObject) {
          i = memberName(text, i)
          if (i < 0) return false
        }
        break
      }
      if (d !== (inObject ? 125 : 93)) return false
      depth--
      i++
    }
  }
}

/** `"name"` then `:` from i; the index of the member's value (space skipped), or -1. */
function memberName(text: string, i: number): number {
  if (text.charCodeAt(i) !== 34) return -1
  const end = stringEnd(text, i)
  if (end < 0) return -1
  const colon = skipSpace(text, end)
  if (text.charCodeAt(colon) !== 58) return -1
  return skipSpace(text, colon + 1)
}

function skipSpace(text: string, i: number): number {
  for (;;) {
    const c = text.charCodeAt(i)
    if (c !== 32 && c !== 10 && c !== 13 && c !== 9) return i
    i++
  }
}

/** The index after the string starting at the quote at i, or -1. */
function stringEnd(text: string, i: number): number {
  const n = text.length
  for (i++; i < n; i++) {
    const c = text.charCodeAt(i)
    if (c === 34) return i + 1
    if (c < 32) return -1
    if (c === 92) {
      const e = text.charCodeAt(++i)
      if (e === 117) {
        for (let k = 1; k <= 4; k++) if (!isHex(text.charCodeAt(i + k))) return -1
        i += 4
      } else if (e !== 34 && e !== 92 && e !== 47 && e !== 98 && e !== 102 && e !== 110 && e !== 114 && e !== 116) return -1
    }
  }
  return -1
}

/** The index after the number starting at i, or -1: -?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)? */
function numberEnd(text: string, i: number): number {
  if (text.charCodeAt(i) === 45) i++
  const first = text.charCodeAt(i)
  if (first === 48) i++
  else if (first >= 49 && first <= 57) i = digitsEnd(text, i)
  else return -1
  if (text.charCodeAt(i) === 46) {
    const end = digitsEnd(text, i + 1)
    if (end === i + 1) return -1
    i = end
  }
  const e = text.charCodeAt(i)
  if (e === 101 || e === 69) {
    i++
    const sign = text.charCodeAt(i)
    if (sign === 43 || sign === 45) i++
    const end = digitsEnd(text, i)
    if (end === i) return -1
    i = end
  }
  return i
}

function digitsEnd(text: string, i: number): number {
  for (;;) {
    const c = text.charCodeAt(i)
    // Written so that NaN (past the end) stops it too.
    if (!(c >= 48 && c <= 57)) return i
    i++
  }
}

function isHex(c: number): boolean {
  return (c >= 48 && c <= 57) || (c >= 65 && c <= 70) || (c >= 97 && c <= 102)
}
