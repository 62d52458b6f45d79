// What the filter box offers while the user types: the keys of the engine's filter language (its parser is
// src/main/engine/log/log-filter-language.ts; this is only the vocabulary shown) and the values each key takes.

interface FilterSuggestion {
  /** What the list shows. */
  label: string
  /** A few words on what it does. */
  hint: string
  /** The whole query after choosing it, and where the caret goes. */
  query: string
  caret: number
}

const KEYS: ReadonlyArray<{ key: string; hint: string }> = [
  { key: 'status:', hint: 'a code (401), a class (4xx), failed or pending' },
  { key: 'method:', hint: 'GET, POST… (comma for several)' },
  { key: 'host:', hint: 'part of the host name' },
  { key: 'source:', hint: 'console, captured or operator' },
  { key: 'auth:', hint: 'hmac, bearer or none' },
]

const VALUES: Readonly<Record<string, ReadonlyArray<{ value: string; hint: string }>>> = {
  status: [
    { value: '2xx', hint: 'success' },
    { value: '4xx', hint: 'refused by the server' },
    { value: '5xx', hint: 'server errors' },
    { value: '401', hint: 'unauthorized' },
    { value: '429', hint: 'rate limited' },
    { value: 'failed', hint: 'no response (network, timeout)' },
    { value: 'pending', hint: 'still waiting' },
  ],
  method: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].map(value => ({ value, hint: '' })),
  source: [
    { value: 'console', hint: "the console's own calls" },
    { value: 'captured', hint: "a partner's traffic through the capture" },
    { value: 'operator', hint: "the console's sandbox-admin calls" },
  ],
  auth: [
    { value: 'hmac', hint: 'signed requests' },
    { value: 'bearer', hint: 'a bearer token' },
    { value: 'none', hint: 'no credentials' },
  ],
}

/** The word the caret is in (from the last space before it), and where it starts. */
function wordAt(query: string, caret: number): { start: number; word: string } | null {
  let start = caret
  let inQuote = false
  for (let i = 0; i < caret; i++) if (query[i] === '"') inQuote = !inQuote
  if (inQuote) return null
  while (start > 0 && !/\s/.test(query[start - 1] as string)) start--
  return { start, word: query.slice(start, caret) }
}

function replaceWord(query: string, start: number, caret: number, text: string, closes: boolean) {
  let end = caret
  while (end < query.length && !/\s/.test(query[end] as string)) end++
  const tail = query.slice(end)
  const glue = closes && !tail.startsWith(' ') ? ' ' : ''
  const next = `${query.slice(0, start)}${text}${glue}${tail}`
  return { query: next, caret: start + text.length + glue.length }
}

/**
 * Suggestions for the word at the caret: the keys that start with it (`st` → `status:`), then, once a key is typed,
 * its values that start with what follows the colon (`-status:4` → `-status:4xx`), hosts from the log included.
 * Nothing inside quotes, and nothing once the word is already a complete suggestion.
 */
export function filterSuggestions(query: string, caret: number, hosts: readonly string[]): FilterSuggestion[] {
  const at = wordAt(query, caret)
  if (!at) return []
  const { start, word } = at
  const negate = word.startsWith('-') ? '-' : ''
  const bare = word.slice(negate.length)
  const colon = bare.indexOf(':')
  if (colon < 0) {
    return KEYS.filter(k => k.key.startsWith(bare.toLowerCase()) && k.key !== bare.toLowerCase()).map(k => ({
      label: `${negate}${k.key}`,
      hint: negate ? `not ${k.hint}` : k.hint,
      ...replaceWord(query, start, caret, `${negate}${k.key}`, false),
    }))
  }
  const key = bare.slice(0, colon).toLowerCase()
  const typed = bare.slice(colon + 1)
  const lastComma = typed.lastIndexOf(',')
  const before = typed.slice(0, lastComma + 1)
  const partial = typed.slice(lastComma + 1).toLowerCase()
  const values = key === 'host' ? hosts.map(value => ({ value, hint: 'seen in the log' })) : (VALUES[key] ?? [])
  return values
    .filter(v => v.value.toLowerCase().startsWith(partial) && v.value.toLowerCase() !== partial)
    .slice(0, 8)
    .map(v => {
      const text = `${negate}${key}:${before}${v.value}`
      return { label: text, hint: v.hint, ...replaceWord(query, start, caret, text, true) }
    })
}
