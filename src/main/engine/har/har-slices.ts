/** How long the scan may hold the event loop before it yields a turn (ms). */
const SLICE_MS = 8

/** A document's text split without parsing it whole: the document around one array, and each element's own text. */
interface SlicedHar {
  /** The document with the array (`log.entries` of a HAR) emptied (parsed: small). */
  document: unknown
  /** Each element of the array as its JSON text, parsed only when read. */
  entries: string[]
}

/**
 * Splits a HAR's text into `log.entries` and the rest (see sliceArray): a HAR of any size never stalls the host for
 * long, and each entry is parsed on its own when read.
 */
export function sliceHar(text: string): Promise<SlicedHar | null> {
  return sliceArray(text, ['log', 'entries'])
}

/**
 * Splits a document's text into the elements of the array at `path` (object keys from the root: `log.entries` of a
 * HAR, `har.log.entries` of a repro bundle) without one long `JSON.parse` of the whole: one scan over the text finds
 * the array and the bounds of each element, yielding a turn of the event loop every few milliseconds, so a document of
 * any size never stalls the host for long and never exists whole as objects. Returns null when the text does not have
 * that shape (not JSON, no such array, a repeated key): the caller then parses it whole, which also says precisely
 * what is wrong. Every element text is a complete JSON value when the whole text is valid JSON.
 */
export async function sliceArray(text: string, path: readonly string[]): Promise<SlicedHar | null> {
  const depth = path.length + 1
  // Containers open at the cursor: for an object, the last key read (null before the first).
  const stack: Array<{ array: boolean; key: string | null }> = []
  /** Whether the containers open below depth `k` are the objects of `path`, each at its key. */
  const onPath = (k: number) => {
    for (let j = 0; j < k; j++) if (stack[j]?.array !== false || stack[j]?.key !== path[j]) return false
    return true
  }
  let expectKey = false
  let entriesDepth = -1
  let entriesStart = -1
  let entriesEnd = -1
  let elementStart = -1
  let afterComma = false
  const entries: string[] = []
  let sliceStart = performance.now()
  let i = 0
  let steps = 0
  let checkedAt = 0
  const n = text.length
  while (i < n) {
    // Every 1,024 steps or 64 K characters, whichever comes first: a step over a string jumps past all of it, so the
    // position alone (once `i & 0xfff`) could skip every check of a text made of long strings.
    if ((++steps & 0x3ff) === 0 || i - checkedAt > 0xffff) {
      checkedAt = i
      if (performance.now() - sliceStart > SLICE_MS) {
        await new Promise<void>(resolve => setImmediate(resolve))
        sliceStart = performance.now()
      }
    }
    const c = text.charCodeAt(i)
    if (c === 0x22) {
      const end = stringEnd(text, i)
      if (end < 0) return null
      const top = stack[stack.length - 1]
      if (expectKey && top && !top.array) {
        if (stack.length === depth - 1 && entriesStart >= 0 && onPath(depth - 2) && text.slice(i + 1, end) === path[depth - 2]) return null
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
      if (array && stack.length === depth && stack[depth - 2]?.key === path[depth - 2] && onPath(depth - 2)) {
        if (entriesStart >= 0 || stack[depth - 2]?.array) return null
        entriesDepth = depth
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
