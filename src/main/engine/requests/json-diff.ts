import type { JsonDifference } from '../../../shared/contract'

/** Differences listed before the list is cut (the count goes on). */
const MAX_DIFFERENCES = 500
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
  // Frames keep their parent and key, and the pointer is spelled only for a difference: most nodes are equal.
  const stack: Frame[] = [{ parent: null, key: '', x: a, y: b }]
  while (stack.length > 0) {
    const f = stack.pop() as Frame
    const { x, y } = f
    if (x === MISSING) {
      record({ pointer: pointerOf(f), kind: 'added', b: show(y) })
      continue
    }
    if (y === MISSING) {
      record({ pointer: pointerOf(f), kind: 'removed', a: show(x) })
      continue
    }
    // Equal values (the two whole documents `5` and `5` too) are no difference.
    if (x === y) continue
    const tx = typeOf(x)
    const ty = typeOf(y)
    if (tx !== ty || (tx !== 'object' && tx !== 'array')) {
      record({ pointer: pointerOf(f), kind: 'changed', a: show(x), b: show(y) })
      continue
    }
    // Children pushed last-first, so that differences come out in document order; equal values are never pushed.
    if (tx === 'array') {
      const xa = x as unknown[]
      const ya = y as unknown[]
      for (let i = Math.max(xa.length, ya.length) - 1; i >= 0; i--) {
        const u = i < xa.length ? xa[i] : MISSING
        const v = i < ya.length ? ya[i] : MISSING
        if (u !== v) stack.push({ parent: f, key: String(i), x: u, y: v })
      }
    } else {
      const xo = x as Record<string, unknown>
      const yo = y as Record<string, unknown>
      const yKeys = Object.keys(yo)
      for (let i = yKeys.length - 1; i >= 0; i--) {
        const key = yKeys[i] as string
        if (!Object.hasOwn(xo, key)) stack.push({ parent: f, key, x: MISSING, y: yo[key] })
      }
      const xKeys = Object.keys(xo)
      for (let i = xKeys.length - 1; i >= 0; i--) {
        const key = xKeys[i] as string
        const u = xo[key]
        const v = Object.hasOwn(yo, key) ? yo[key] : MISSING
        if (u !== v) stack.push({ parent: f, key, x: u, y: v })
      }
    }
  }
  return { differences, total }
}

/**
 * Whether two parsed JSON values are equal as diffJson sees them (object members by name in any order, arrays by
 * position): exactly when diffJson finds no difference, without building any: stops at the first difference.
 * Iterative, so a deeply nested document cannot overflow the stack.
 */
export function jsonEqual(a: unknown, b: unknown): boolean {
  const stack: unknown[] = [a, b]
  while (stack.length > 0) {
    const y = stack.pop()
    const x = stack.pop()
    if (x === y) continue
    const tx = typeOf(x)
    if (tx !== typeOf(y) || (tx !== 'object' && tx !== 'array')) return false
    if (tx === 'array') {
      const xa = x as unknown[]
      const ya = y as unknown[]
      if (xa.length !== ya.length) return false
      for (let i = 0; i < xa.length; i++) stack.push(xa[i], ya[i])
    } else {
      const xo = x as Record<string, unknown>
      const yo = y as Record<string, unknown>
      const xKeys = Object.keys(xo)
      if (xKeys.length !== Object.keys(yo).length) return false
      for (const key of xKeys) {
        if (!Object.hasOwn(yo, key)) return false
        stack.push(xo[key], yo[key])
      }
    }
  }
  return true
}

interface Frame {
  parent: Frame | null
  key: string
  x: unknown
  y: unknown
}

function pointerOf(f: Frame): string {
  const keys: string[] = []
  for (let p: Frame | null = f; p?.parent; p = p.parent) keys.push(escapePointer(p.key))
  return keys.length === 0 ? '' : `/${keys.reverse().join('/')}`
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

/**
 * `stableJson`, stopping once `cap` characters are written (`cut` says so): the side-by-side view shows a prefix of a
 * large body, and printing all 5 MB of it only to cut it would cost as much as the comparison.
 */
export function stableJsonCapped(value: unknown, cap: number): { text: string; cut: boolean } {
  const out: string[] = []
  let length = 0
  const write = (s: string) => {
    out.push(s)
    length += s.length
  }
  const print = (v: unknown, indent: string): void => {
    if (length > cap) return
    if (v === null || typeof v !== 'object') {
      write(JSON.stringify(v) ?? 'null')
      return
    }
    const inner = `${indent}  `
    if (Array.isArray(v)) {
      if (v.length === 0) {
        write('[]')
        return
      }
      write('[\n')
      for (let i = 0; i < v.length && length <= cap; i++) {
        write(inner)
        print(v[i], inner)
        write(i < v.length - 1 ? ',\n' : '\n')
      }
      write(`${indent}]`)
      return
    }
    const keys = Object.keys(v).sort()
    if (keys.length === 0) {
      write('{}')
      return
    }
    write('{\n')
    for (let i = 0; i < keys.length && length <= cap; i++) {
      const key = keys[i] as string
      write(`${inner}${JSON.stringify(key)}: `)
      print((v as Record<string, unknown>)[key], inner)
      write(i < keys.length - 1 ? ',\n' : '\n')
    }
    write(`${indent}}`)
  }
  print(value, '')
  const text = out.join('')
  return length > cap ? { text: text.slice(0, cap), cut: true } : { text, cut: false }
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
