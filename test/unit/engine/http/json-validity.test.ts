import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { decodeBody } from '../../../../src/main/engine/http/body-text'
import { isJsonText } from '../../../../src/main/engine/http/json-validity'

function parses(text: string): boolean {
  try {
    JSON.parse(text)
    return true
  } catch {
    return false
  }
}

/** Characters that matter to JSON's grammar, and near-misses (a BOM, NBSP, U+2028, control characters, a lone surrogate). */
const UNITS = [
  ...'{}[]",:\\/ \t\n\r0123456789-+.eEtruefalsnbu"aAfF',
  '\u0000',
  '\u001f',
  '\u007f',
  '\ufeff',
  '\u00a0',
  '\u2028',
  '\ud800',
  '\u000b',
  '\u000c',
]
const noisy = fc.string({ unit: fc.constantFrom(...UNITS), maxLength: 40 })
/** Valid JSON laid out with every kind of JSON whitespace between tokens. */
const spaced = fc
  .tuple(fc.jsonValue(), fc.constantFrom('', ' ', '\n', '\t', '\r\n  '))
  .map(([value, space]) => JSON.stringify(value, null, space.length > 0 ? space : undefined))

/** Edges of numbers, strings, literals and nesting, valid and not. */
const EDGE_CASES = [
  '0',
  '-0',
  '01',
  '-',
  '1.',
  '.5',
  '1.5e',
  '1e+',
  '1E-2',
  '-01',
  '2.0e0',
  '00',
  '1e1.5',
  '""',
  '"\\u00e9"',
  '"\\u00G0"',
  '"\\x41"',
  '"\\/"',
  '"a\tb"',
  '"\ud800"',
  '"unterminated',
  '"\\"',
  'true',
  'tru',
  'nulls',
  'false ',
  ' \n[]\r\t',
  '\ufeff{}',
  '\u00a0[]',
  '{"a":1,}',
  '[1,]',
  '{,}',
  '[,1]',
  '{"a" 1}',
  '{"a":}',
  '{1:2}',
  '[1 2]',
  '[]]',
  '[[]',
  '{}{}',
  '',
  ' ',
  '[1,[2,{"x":[null]}]]',
  `${'['.repeat(100_000)}${']'.repeat(100_000)}`,
  `${'['.repeat(100_000)}${']'.repeat(99_999)}`,
]

describe('recognising a JSON body without parsing it', () => {
  it('says valid exactly when JSON.parse accepts the text: valid documents, documents with one edit, and noise', () => {
    fc.assert(
      fc.property(spaced, text => isJsonText(text) === true),
      { numRuns: 2000 },
    )
    const edited = fc
      .tuple(spaced, fc.nat(), fc.constantFrom(...UNITS), fc.constantFrom('insert', 'delete', 'replace'))
      .map(([text, at, unit, how]) => {
        const i = text.length === 0 ? 0 : at % text.length
        if (how === 'insert') return text.slice(0, i) + unit + text.slice(i)
        if (how === 'delete') return text.slice(0, i) + text.slice(i + 1)
        return text.slice(0, i) + unit + text.slice(i + 1)
      })
    fc.assert(
      fc.property(edited, text => isJsonText(text) === parses(text)),
      { numRuns: 20_000 },
    )
    fc.assert(
      fc.property(noisy, text => isJsonText(text) === parses(text)),
      { numRuns: 20_000 },
    )
  })

  it('agrees with JSON.parse on the edges of numbers, strings, literals and nesting', () => {
    const cases = EDGE_CASES
    for (const text of cases) expect([text.slice(0, 20), isJsonText(text)]).toEqual([text.slice(0, 20), parses(text)])
  })

  it("gives a body's kind and the parser's message as JSON.parse does: a process's first bodies and later ones, small and large", () => {
    const verdict = (text: string) => {
      try {
        JSON.parse(text)
        return { text, kind: 'json' }
      } catch (error) {
        return { text, kind: 'invalid-json', jsonError: (error as Error).message }
      }
    }
    const decoded = (text: string) => decodeBody(Buffer.from(text), 'application/json', false)
    // Trailing JSON whitespace changes no verdict: each case is also read as a body of 200 KB.
    const padding = ' \n'.repeat(100_000)
    const texts = EDGE_CASES.filter(t => t.trim() !== '').flatMap(t => [t, t + padding])
    const agree = () => {
      for (const text of texts) {
        const body = decoded(text)
        expect([text.length, text.slice(0, 20), body]).toEqual([text.length, text.slice(0, 20), verdict(body.text)])
      }
      fc.assert(
        fc.property(fc.oneof(spaced, noisy), fc.boolean(), (text, large) => {
          const body = large ? text + padding : text
          // An empty body is 'empty' and one with a NUL byte 'binary': neither is read as JSON at all.
          if (body.trim() === '' || body.includes('\u0000')) return
          const read = decoded(body)
          expect(read).toEqual(verdict(read.text))
        }),
        { numRuns: 300 },
      )
    }
    agree()
    // Past its first bodies (a few hundred KB of them), a process checks small bodies with the scan too.
    const filler = JSON.stringify({ data: Array.from({ length: 100 }, (_, i) => ({ id: i, name: `n${i}` })) })
    for (let read = 0; read < 300 * 1024; read += filler.length) expect(decoded(filler).kind).toBe('json')
    agree()
  })

  it("leaves a body's kind and the parser's message as they were", () => {
    const body = (text: string) => decodeBody(Buffer.from(text), 'application/json', false)
    expect(body('{"results":[{"id":1}]}')).toEqual({ text: '{"results":[{"id":1}]}', kind: 'json' })
    let message = ''
    try {
      JSON.parse('{"a":1,}')
    } catch (error) {
      message = (error as Error).message
    }
    expect(body('{"a":1,}')).toEqual({ text: '{"a":1,}', kind: 'invalid-json', jsonError: message })
  })
})
