import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { KnownSecretMatcher } from '../../../../src/main/engine/core/known-secret-matcher'

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
})
