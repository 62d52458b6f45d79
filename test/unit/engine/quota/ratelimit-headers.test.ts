import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { MAX_COUNT, readQuotaHeaders } from '../../../../src/main/engine/quota/ratelimit-headers'

describe('reading quota headers', () => {
  it('reads X-RateLimit-Limit, X-RateLimit-Remaining and Retry-After in seconds', () => {
    const obs = readQuotaHeaders({ 'x-ratelimit-limit': '100', 'x-ratelimit-remaining': '0', 'retry-after': '37' })
    expect(obs).toEqual({ limit: 100, limitSource: 'server', remaining: 0, retryAfterSeconds: 37, notes: [] })
  })

  it('turns a Retry-After HTTP date into seconds from the response’s own Date', () => {
    const obs = readQuotaHeaders({ date: 'Wed, 21 Oct 2015 07:28:00 GMT', 'retry-after': 'Wed, 21 Oct 2015 07:29:30 GMT' })
    expect(obs.retryAfterSeconds).toBe(90)
  })

  it('reads the IETF draft-07 dictionary and its policy', () => {
    const obs = readQuotaHeaders({ ratelimit: 'limit=500, remaining=123, reset=40', 'ratelimit-policy': '500;w=3600' })
    expect(obs).toMatchObject({ limit: 500, limitSource: 'ietf', remaining: 123, resetSeconds: 40, windowSeconds: 3600 })
    expect(obs.notes).toEqual([])
  })

  it('reads the later IETF list form, choosing the policy RateLimit names', () => {
    const obs = readQuotaHeaders({
      ratelimit: '"hourly";r=12;t=30',
      'ratelimit-policy': '"burst";q=10;w=1, "hourly";q=100;w=3600',
    })
    expect(obs).toMatchObject({ limit: 100, remaining: 12, resetSeconds: 30, windowSeconds: 3600, limitSource: 'ietf' })
  })

  it('reads the draft-06 trio of separate headers', () => {
    const obs = readQuotaHeaders({ 'ratelimit-limit': '60', 'ratelimit-remaining': '59', 'ratelimit-reset': '3' })
    expect(obs).toMatchObject({ limit: 60, remaining: 59, resetSeconds: 3, limitSource: 'ietf' })
  })

  it('lets X-RateLimit-Limit win over an IETF policy', () => {
    const obs = readQuotaHeaders({ 'x-ratelimit-limit': '100', 'ratelimit-policy': '500;w=3600' })
    expect(obs.limit).toBe(100)
    expect(obs.limitSource).toBe('server')
  })

  it('ignores malformed, negative, huge and contradictory values with a note each', () => {
    const obs = readQuotaHeaders({
      'x-ratelimit-limit': '1e3',
      'x-ratelimit-remaining': '-4',
      'retry-after': 'soon',
      ratelimit: 'limit=="',
    })
    expect(obs.limit).toBeUndefined()
    expect(obs.remaining).toBeUndefined()
    expect(obs.retryAfterSeconds).toBeUndefined()
    expect(obs.notes).toHaveLength(4)
    const huge = readQuotaHeaders({
      'x-ratelimit-limit': String(MAX_COUNT + 1),
      'x-ratelimit-remaining': '9'.repeat(400),
      'retry-after': '99999999999999999999',
      'ratelimit-policy': 'x'.repeat(5000),
    })
    expect(huge).toMatchObject({ notes: expect.any(Array) })
    expect(huge.limit).toBeUndefined()
    expect(huge.remaining).toBeUndefined()
    expect(huge.retryAfterSeconds).toBeUndefined()
    expect(huge.notes).toHaveLength(4)
    const repeated = readQuotaHeaders({ 'x-ratelimit-limit': '100, 500' })
    expect(repeated.limit).toBeUndefined()
    expect(readQuotaHeaders({ 'x-ratelimit-limit': '100, 100' }).limit).toBe(100)
  })

  it('caps a remaining above the limit at the limit, saying so', () => {
    const obs = readQuotaHeaders({ 'x-ratelimit-limit': '10', 'x-ratelimit-remaining': '50' })
    expect(obs.remaining).toBe(10)
    expect(obs.notes[0]).toContain('above the limit')
  })

  it('never throws, whatever the header text', () => {
    const names = ['x-ratelimit-limit', 'x-ratelimit-remaining', 'retry-after', 'ratelimit', 'ratelimit-policy', 'ratelimit-reset', 'date']
    fc.assert(
      fc.property(fc.dictionary(fc.constantFrom(...names), fc.string({ maxLength: 300 })), headers => {
        const obs = readQuotaHeaders(headers)
        for (const v of [obs.limit, obs.remaining, obs.retryAfterSeconds, obs.resetSeconds, obs.windowSeconds]) {
          if (v !== undefined) expect(Number.isInteger(v) && v >= 0 && v <= MAX_COUNT).toBe(true)
        }
      }),
      { numRuns: 2000 },
    )
  })
  it('reads a count only as one agreeing run of up to 12 ASCII digits no bigger than MAX_COUNT, from a record or a Map alike', () => {
    const digits = fc.constantFrom('0', '1', '9', '٣', ' ', ',', '+', '-', 'e', '.', '\t')
    const text = fc.oneof(
      fc.string({ unit: digits, maxLength: 14 }),
      fc.nat({ max: 2 * MAX_COUNT }).map(String),
      fc.constantFrom('1000000000', '1000000001', '0001000000000', '000000000001', '5, 5', '5,6', ' 7 ', ''),
    )
    fc.assert(
      fc.property(text, raw => {
        const parts = [...new Set(raw.split(',').map(p => p.trim()))]
        const only = parts.length === 1 ? (parts[0] as string) : ''
        const expected = /^[0-9]{1,12}$/.test(only) && Number(only) <= MAX_COUNT ? Number(only) : undefined
        const fromRecord = readQuotaHeaders({ 'x-ratelimit-remaining': raw })
        const fromMap = readQuotaHeaders(new Map([['x-ratelimit-remaining', raw]]))
        expect(fromRecord.remaining).toBe(expected)
        expect(fromRecord.notes).toHaveLength(expected === undefined ? 1 : 0)
        expect(fromMap).toEqual(fromRecord)
      }),
      { numRuns: 3000 },
    )
  })

  it('gives each reading its own notes: a note on one response never appears on another', () => {
    const clean = readQuotaHeaders({ 'x-ratelimit-limit': '100' })
    const bad = readQuotaHeaders({ 'x-ratelimit-limit': 'lots' })
    const worse = readQuotaHeaders({ 'x-ratelimit-limit': 'many', 'x-ratelimit-remaining': 'few' })
    expect(clean.notes).toEqual([])
    expect(bad.notes).toHaveLength(1)
    expect(worse.notes).toHaveLength(2)
    expect(readQuotaHeaders({}).notes).toEqual([])
  })
})
