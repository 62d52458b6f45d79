import { describe, expect, it } from 'vitest'
import { parseLogFilter } from '../../../src/main/engine/log/log-filter-language'
import { filterSuggestions } from '../../../src/renderer/src/features/network-log/filter-suggestions'

const labels = (q: string, caret = q.length, hosts: string[] = []) => filterSuggestions(q, caret, hosts).map(s => s.label)

describe('the filter box’s suggestions', () => {
  it('offers the keys for a word being typed, negated ones too', () => {
    expect(labels('')).toEqual(['status:', 'method:', 'host:', 'source:', 'auth:'])
    expect(labels('s')).toEqual(['status:', 'source:'])
    expect(labels('M-2002 -so')).toEqual(['-source:'])
  })

  it('offers a key’s values, after a comma too, and the hosts seen in the log', () => {
    expect(labels('status:4')).toEqual(['status:4xx', 'status:401', 'status:429'])
    expect(labels('-source:')).toEqual(['-source:console', '-source:captured', '-source:operator'])
    expect(labels('method:GET,p')).toEqual(['method:GET,POST', 'method:GET,PUT', 'method:GET,PATCH'])
    expect(labels('host:', 5, ['127.0.0.1:4000', 'api.example.com'])).toEqual(['host:127.0.0.1:4000', 'host:api.example.com'])
  })

  it('says nothing inside quotes, for a complete value, or for a key the language does not have', () => {
    expect(labels('"status')).toEqual([])
    expect(labels('status:401')).toEqual([])
    expect(labels('colour:')).toEqual([])
  })

  it('replaces only the word at the caret, and every suggestion taken parses to the term it shows', () => {
    const [first] = filterSuggestions('method:POST st -host:x', 14, [])
    expect(first).toMatchObject({ query: 'method:POST status: -host:x', caret: 19 })
    for (const q of ['status:4', '-auth:', 'source:c', 'method:GET,P']) {
      for (const s of filterSuggestions(q, q.length, [])) {
        const parsed = parseLogFilter(s.query)
        expect(parsed.problems).toEqual([])
        expect(parsed.terms).toHaveLength(1)
        expect(s.query.slice(0, s.caret).trimEnd()).toBe(s.label)
      }
    }
  })
})
