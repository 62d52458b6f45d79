/** How long the scan may hold the event loop before it yields a turn (ms). */
const SLICE_MS = 8

/** A HAR's text split without parsing it whole: the document around the entries, and each entry's own text. */
interface SlicedHar {
  /** The document with `log.entries` emptied (parsed: small). */
  document: unknown
  /** Each entry of `log.entries` as its JSON text, parsed only when read. */
  entries: string[]
}

/**
 * Splits a HAR's text into its entries without one long `JSON.parse` of the whole: one scan over the text finds
 * `log.entries` and the bounds of each element, yielding a turn of the event loop every few milliseconds, so a HAR of
 * any size never stalls the host for long; each entry is parsed on its own when read. Returns null when the text does
 * not have that shape (not JSON, no `log.entries` array, a repeated key): the caller then parses it whole, which
 * also says precisely what is wrong. Every entry text is a complete JSON value when the whole text is valid JSON.
 */
export async function sliceHar(text: string): Promise<SlicedHar | null> {
  // Containers open at the cursor: for an object, the last key read (null before the first).
  const stack: Array<{ array: boolean; key: string | null }> = []
  let expectKey = false
  let entriesDepth = -1
  let entriesStart = -1
  let entriesEnd = -1
  let elementStart = -1
  let afterComma = false
  const entries: string[] = []
  let sliceStart = performance.now()
  let i = 0
  const n = text.length
  while (i < n) {
    if ((i & 0xfff) === 0 && performance.now() - sliceStart > SLICE_MS) {
      await new Promise<void>(resolve => setImmediate(resolve))
      sliceStart = performance.now()
    }
    const c = text.charCodeAt(i)
    if (c === 0x22) {
      const end = stringEnd(text, i)
      if (end < 0) return null
      const top = stack[stack.length - 1]
      if (expectKey && top && !top.array) {
        if (stack.length === 2 && stack[0]?.key === 'log' && entriesStart >= 0 && text.slice(i + 1, end) === 'entries') return null
        top.key = JSON.parse(text.slice(i, end + 1)) as string
        expectKey = false
      } else if (stack.length === entriesDepth && elementStart < 0) {
        elementStart = i
        afterComma = false
      }
      i = end + 1
      continue
    }
    if (c === 0x7b || c === 0x5b) {
      if (stack.length === entriesDepth && elementStart < 0) {
        elementStart = i
        afterComma = false
      }
      const array = c === 0x5b
      stack.push({ array, key: null })
      expectKey = !array
      if (array && stack.length === 3 && stack[0]?.key === 'log' && stack[1]?.key === 'entries' && !stack[0].array) {
        if (entriesStart >= 0 || stack[1].array) return null
        entriesDepth = 3
        entriesStart = i
      }
    } else if (c === 0x7d || c === 0x5d) {
      if (stack.length === entriesDepth && c === 0x5d) {
        if (afterComma && elementStart < 0) return null
        if (elementStart >= 0) entries.push(text.slice(elementStart, i).trimEnd())
        elementStart = -1
        entriesEnd = i + 1
        entriesDepth = -2
      }
      stack.pop()
      expectKey = false
    } else if (c === 0x2c) {
      if (stack.length === entriesDepth) {
        if (elementStart < 0) return null
        entries.push(text.slice(elementStart, i).trimEnd())
        elementStart = -1
        afterComma = true
      }
      expectKey = stack[stack.length - 1]?.array === false
    } else if (c > 0x20 && c !== 0x3a && stack.length === entriesDepth && elementStart < 0) {
      elementStart = i
      afterComma = false
    }
    i++
  }
  if (entriesStart < 0 || entriesEnd < 0 || stack.length !== 0) return null
  try {
    return { document: JSON.parse(`${text.slice(0, entriesStart)}[]${text.slice(entriesEnd)}`), entries }
  } catch {
    return null
  }
}

/** The index of the quote closing the string that opens at `start`, or -1. */
function stringEnd(text: string, start: number): number {
  let j = start + 1
  for (;;) {
    const q = text.indexOf('"', j)
    if (q < 0) return -1
    let backslashes = 0
    for (let k = q - 1; text.charCodeAt(k) === 0x5c; k--) backslashes++
    if (backslashes % 2 === 0) return q
    j = q + 1
  }
}
