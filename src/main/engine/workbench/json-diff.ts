import type { JsonDifference } from '../../../shared/contract'

/** Differences listed before the list is cut (the count goes on). */
export const MAX_DIFFERENCES = 500
const MAX_VALUE_CHARS = 200

/**
 * Walks two parsed JSON values and lists where they differ, by JSON Pointer: object members are matched by name (so
 * the order of keys never counts, as JSON says), arrays by position (their order is data). Stops recording after
 * `limit` differences but keeps counting them. Iterative, so a deeply nested document cannot overflow the stack.
 */
export function diffJson(a: unknown, b: unknown, limit = MAX_DIFFERENCES): { differences: JsonDifference[]; total: number } {
  const differences: JsonDifference[] = []
  let total = 0
  const record = (d: JsonDifference) => {
    total += 1
    if (differences.length < limit) differences.push(d)
  }
  const stack: Array<[string, unknown, unknown]> = [['', a, b]]
  while (stack.length > 0) {
    const [pointer, x, y] = stack.pop() as [string, unknown, unknown]
    if (x === y) continue
    if (x === MISSING) {
      record({ pointer, kind: 'added', b: show(y) })
      continue
    }
    if (y === MISSING) {
      record({ pointer, kind: 'removed', a: show(x) })
      continue
    }
    const tx = typeOf(x)
    const ty = typeOf(y)
    if (tx !== ty || (tx !== 'object' && tx !== 'array')) {
      record({ pointer, kind: 'changed', a: show(x), b: show(y) })
      continue
    }
    // Pushed in reverse so that differences come out in document order.
    const pending: Array<[string, unknown, unknown]> = []
    if (tx === 'array') {
      const xa = x as unknown[]
      const ya = y as unknown[]
      const common = Math.min(xa.length, ya.length)
      for (let i = 0; i < common; i++) pending.push([`${pointer}/${i}`, xa[i], ya[i]])
      for (let i = common; i < xa.length; i++) pending.push([`${pointer}/${i}`, xa[i], MISSING])
      for (let i = common; i < ya.length; i++) pending.push([`${pointer}/${i}`, MISSING, ya[i]])
    } else {
      const xo = x as Record<string, unknown>
      const yo = y as Record<string, unknown>
      for (const key of Object.keys(xo)) {
        pending.push([`${pointer}/${escapePointer(key)}`, xo[key], Object.hasOwn(yo, key) ? yo[key] : MISSING])
      }
      for (const key of Object.keys(yo)) {
        if (!Object.hasOwn(xo, key)) pending.push([`${pointer}/${escapePointer(key)}`, MISSING, yo[key]])
      }
    }
    for (let i = pending.length - 1; i >= 0; i--) stack.push(pending[i] as [string, unknown, unknown])
  }
  return { differences, total }
}

const MISSING = Symbol('missing')

function typeOf(v: unknown): string {
  if (v === null) return 'null'
  if (Array.isArray(v)) return 'array'
  return typeof v
}

function escapePointer(key: string): string {
  return key.replace(/~/g, '~0').replace(/\//g, '~1')
}

function show(v: unknown): string {
  const text = JSON.stringify(v) ?? String(v)
  return text.length > MAX_VALUE_CHARS ? `${text.slice(0, MAX_VALUE_CHARS)}…` : text
}

/** JSON pretty-printed with object keys sorted at every level: two documents that differ only in key order print alike. */
export function stableJson(value: unknown): string {
  return JSON.stringify(sortKeys(value), null, 2)
}

function sortKeys(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(sortKeys)
  if (v === null || typeof v !== 'object') return v
  const out: Record<string, unknown> = {}
  for (const key of Object.keys(v).sort()) out[key] = sortKeys((v as Record<string, unknown>)[key])
  return out
}

/**
 * The first byte at which two strings differ, as a UTF-8 offset, with a little of each side from there; null when
 * equal. One side being a prefix of the other differs at the shorter one's end.
 */
export function firstDifference(a: string, b: string, context = 40): { offset: number; a: string; b: string } | null {
  if (a === b) return null
  const n = Math.min(a.length, b.length)
  let i = 0
  while (i < n && a.charCodeAt(i) === b.charCodeAt(i)) i++
  // Never split a surrogate pair: step back to the start of the character.
  if (i > 0 && isHighSurrogate(a.charCodeAt(i - 1))) i--
  return { offset: Buffer.byteLength(a.slice(0, i), 'utf8'), a: a.slice(i, i + context), b: b.slice(i, i + context) }
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff
}
