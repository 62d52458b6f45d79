/**
 * Applies `redact` to every string of a JSON-like value (object keys included) and returns a copy; other values are
 * kept. Walking the value, rather than running a text replacement over its JSON serialization, means a secret can
 * never rewrite JSON syntax: a registered value such as `":null,"` changes no key and breaks no parse.
 */
export function redactStrings<T>(value: T, redact: (text: string) => string): T {
  return walk(value, redact, 0) as T
}

const MAX_DEPTH = 64

function walk(value: unknown, redact: (text: string) => string, depth: number): unknown {
  if (typeof value === 'string') return redact(value)
  if (value === null || typeof value !== 'object') return value
  if (depth > MAX_DEPTH) return '[nested too deep to show]'
  if (Array.isArray(value)) return value.map(v => walk(v, redact, depth + 1))
  const proto = Object.getPrototypeOf(value)
  if (proto !== Object.prototype && proto !== null) return value
  // fromEntries defines own properties, so a key named "__proto__" stays a key instead of replacing the prototype.
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [redact(k), walk(v, redact, depth + 1)]))
}
