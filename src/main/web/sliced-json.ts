import { timeSlicer } from '../engine/core/time-slicer'

/** Arrays longer than this are written a slice of this many elements at a time. */
const SLICE = 1000
/** Levels of plain objects looked into for long arrays; deeper values are written whole. */
const DEPTH = 6

/**
 * The text `JSON.stringify(value)` gives, written without holding the event loop for long: an array of more than
 * SLICE elements reached through at most DEPTH plain objects (the 49,999 skipped entries of a bad HAR: 7.5 MB, 50–67 ms
 * in one JSON.stringify) is written SLICE elements at a time, with a turn of the event loop whenever a few milliseconds
 * have passed (timeSlicer). A value without one is written at once by JSON.stringify itself (a string, not a promise:
 * nothing waits a turn). Same text (a toJSON that reads its key sees an element's index within its slice), same
 * `undefined`, and it throws where JSON.stringify does (a cycle, a BigInt).
 */
export function stringifyInSlices(value: unknown): string | undefined | Promise<string | undefined> {
  if (!holdsLongArray(value, 0)) return JSON.stringify(value)
  const pause = timeSlicer()
  // The text's pieces, joined once at the end: joining at every level would copy the long list's text again each time.
  const out: string[] = []
  const write = async (v: unknown, depth: number): Promise<void> => {
    if (Array.isArray(v)) {
      out.push('[')
      for (let i = 0; i < v.length; i += SLICE) {
        await pause()
        // A slice's own brackets dropped: its elements, as JSON.stringify writes them in an array.
        out.push(i === 0 ? '' : ',', (JSON.stringify(v.slice(i, i + SLICE)) as string).slice(1, -1))
      }
      out.push(']')
      return
    }
    out.push('{')
    let first = true
    for (const key of Object.keys(v as object)) {
      const field = (v as Record<string, unknown>)[key]
      const long = holdsLongArray(field, depth + 1)
      const text = long ? '' : JSON.stringify(field)
      if (text === undefined) continue
      out.push(first ? '' : ',', JSON.stringify(key), ':')
      first = false
      if (long) await write(field, depth + 1)
      else out.push(text)
    }
    out.push('}')
  }
  return write(value, 0).then(() => out.join(''))
}

/**
 * Whether `v` is a long plain array, or a plain object with one within DEPTH levels. Looks only through plain objects
 * (a few keys each), so a value without a long array costs a glance; a cycle among them is left to JSON.stringify.
 */
function holdsLongArray(v: unknown, depth: number, open: object[] = []): boolean {
  if (depth > DEPTH || typeof v !== 'object' || v === null || !isPlain(v) || open.includes(v)) return false
  if (Array.isArray(v)) return v.length > SLICE
  open.push(v)
  for (const key of Object.keys(v)) if (holdsLongArray((v as Record<string, unknown>)[key], depth + 1, open)) return true
  open.pop()
  return false
}

/** An array, or an object of Object's own prototype (or none), without a toJSON: what is written part by part. */
function isPlain(v: object): boolean {
  const proto = Object.getPrototypeOf(v)
  const plain = Array.isArray(v) ? proto === Array.prototype : proto === Object.prototype || proto === null
  return plain && typeof (v as { toJSON?: unknown }).toJSON !== 'function'
}
