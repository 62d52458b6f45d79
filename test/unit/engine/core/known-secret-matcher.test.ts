import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { FewStringsMatcher, KnownSecretMatcher, replaceLongest } from '../../../../src/main/engine/core/known-secret-matcher'

/** Reference: leftmost-longest replacement by brute force. */
function naive(text: string, patterns: string[]): string {
  let out = ''
  let i = 0
  while (i < text.length) {
    let best = -1
    for (let p = 0; p < patterns.length; p++) {
      const pattern = patterns[p] as string
      if (pattern && text.startsWith(pattern, i) && (best < 0 || pattern.length > (patterns[best] as string).length)) best = p
    }
    if (best >= 0) {
      out += `<${best}>`
      i += (patterns[best] as string).length
    } else {
      out += text[i]
      i += 1
    }
  }
  return out
}

describe('known-secret matcher (Aho-Corasick)', () => {
  it('replaces leftmost-longest occurrences exactly like a brute-force reference', () => {
    const alphabet = fc.constantFrom('a', 'b', 'c', '"', '\\', '/', 'é')
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.string({ unit: alphabet, minLength: 1, maxLength: 5 }), { minLength: 1, maxLength: 8 }),
        fc.string({ unit: alphabet, maxLength: 60 }),
        (patterns, text) => {
          // The first index of duplicates wins in both.
          const m = new KnownSecretMatcher(patterns)
          expect(m.replace(text, i => `<${i}>`)).toBe(naive(text, patterns))
          expect(m.test(text)).toBe(patterns.some(p => text.includes(p)))
        },
      ),
      { numRuns: 500 },
    )
  })

  it('finds a secret hidden behind an overlapping one', () => {
    const m = new KnownSecretMatcher(['ab', 'bc', 'c'])
    expect(m.replace('abc', i => `<${i}>`)).toBe('<0><2>')
  })

  it('a few strings found by indexOf, alone or beside an automaton, replace exactly as one automaton over all of them', () => {
    const alphabet = fc.constantFrom('a', 'b', 'c', '"', '\\', '/', 'é')
    const pattern = fc.string({ unit: alphabet, minLength: 1, maxLength: 5 })
    fc.assert(
      fc.property(
        fc.array(pattern, { minLength: 1, maxLength: 6 }),
        fc.array(pattern, { minLength: 1, maxLength: 6 }),
        fc.string({ unit: alphabet, maxLength: 60 }),
        (few, many, text) => {
          const all = [...many, ...few]
          const reference = naive(text, all)
          const fewOnly = new FewStringsMatcher(few)
          expect(replaceLongest(text, [fewOnly], (_m, i) => `<${i}>`)).toBe(naive(text, few))
          expect(fewOnly.test(text)).toBe(few.some(p => text.includes(p)))
          const mixed = replaceLongest(text, [new KnownSecretMatcher(many), fewOnly], (m, i) => `<${m === 0 ? i : many.length + i}>`)
          // The same occurrence found under two indexes is one replacement either way; compare the text that is left.
          expect(mixed.replace(/<\d+>/g, '<>')).toBe(reference.replace(/<\d+>/g, '<>'))
        },
      ),
      { numRuns: 500 },
    )
  })
})
