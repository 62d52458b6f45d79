import { describe, expect, it } from 'vitest'
import { compareBodyTexts, compareExchanges } from '../../../../src/main/engine/requests/compare-exchanges'
import { diffJson, firstDifference } from '../../../../src/main/engine/requests/json-diff'
import { signRequest } from '../../../../src/main/engine/signing/signer'
import type { LogEntry } from '../../../../src/shared/contract'

function entry(over: Partial<LogEntry> & { id: string }): LogEntry {
  return {
    seq: 1,
    startedAt: '2026-01-01T00:00:00.000Z',
    method: 'GET',
    url: 'https://api.example.com/api/v1/locations',
    host: 'api.example.com',
    path: '/api/v1/locations',
    purpose: 'api',
    source: 'console',
    auth: 'none',
    state: 'done',
    status: 200,
    statusText: 'OK',
    durationMs: 1,
    timings: null,
    responseBytes: 0,
    truncated: false,
    error: null,
    imported: false,
    attempt: 1,
    envId: null,
    requestId: null,
    httpVersion: 'HTTP/1.1',
    requestHeaders: [],
    requestBody: null,
    responseHeaders: [],
    responseBody: null,
    notes: [],
    ...over,
  }
}
const body = (text: string) => ({ text, size: Buffer.byteLength(text), mimeType: 'application/json', truncated: false, evicted: false })

describe('comparing two exchanges', () => {
  it('treats JSON objects with the same members in another order as equal, but arrays in another order as different', () => {
    expect(compareBodyTexts('{"a":1,"b":{"x":[1,2],"y":null}}', '{"b":{"y":null,"x":[1,2]},"a":1}').equal).toBe(true)
    const arrays = compareBodyTexts('{"list":[1,2]}', '{"list":[2,1]}')
    expect(arrays.equal).toBe(false)
    expect(arrays.differences.map(d => d.pointer)).toEqual(['/list/0', '/list/1'])
  })

  it('lists added, removed and changed members by JSON Pointer, in document order, escaping ~ and /', () => {
    const { differences, total } = diffJson({ keep: 1, 'a/b': 'x', gone: true, n: 1 }, { keep: 1, 'a/b': 'y', n: '1', extra: [1] })
    expect(total).toBe(4)
    expect(differences).toEqual([
      { pointer: '/a~1b', kind: 'changed', a: '"x"', b: '"y"' },
      { pointer: '/gone', kind: 'removed', a: 'true' },
      { pointer: '/n', kind: 'changed', a: '1', b: '"1"' },
      { pointer: '/extra', kind: 'added', b: '[1]' },
    ])
  })

  it('keeps counting past the listing cap and survives deep nesting', () => {
    const a = Array.from({ length: 2000 }, (_, i) => i)
    const b = a.map(i => i + 1)
    const r = diffJson(a, b, 500)
    expect(r.differences).toHaveLength(500)
    expect(r.total).toBe(2000)
    let deepA: unknown = 1
    let deepB: unknown = 2
    for (let i = 0; i < 20_000; i++) {
      deepA = [deepA]
      deepB = [deepB]
    }
    expect(diffJson(deepA, deepB).total).toBe(1)
  })

  it('compares non-JSON bodies as text and reports the first differing byte as a UTF-8 offset', () => {
    expect(firstDifference('café=1', 'café=2')).toEqual({ offset: 6, a: '1', b: '2' })
    const r = compareBodyTexts('plain A', '{"json":true}')
    expect(r.mode).toBe('text')
    expect(r.notes.join(' ')).toContain('Only B’s body is JSON')
  })

  it('compares headers by name case-insensitively, keeps repeated values in order, and marks volatile headers', () => {
    const a = entry({
      id: 'a',
      requestHeaders: [{ name: 'Accept', value: 'application/json' }],
      responseHeaders: [
        { name: 'date', value: 'Mon' },
        { name: 'set-cookie', value: 'a=1' },
        { name: 'set-cookie', value: 'b=2' },
      ],
    })
    const b = entry({
      id: 'b',
      requestHeaders: [
        { name: 'accept', value: 'application/json' },
        { name: 'x-extra', value: '1' },
      ],
      responseHeaders: [
        { name: 'Date', value: 'Tue' },
        { name: 'set-cookie', value: 'b=2' },
        { name: 'set-cookie', value: 'a=1' },
      ],
    })
    const c = compareExchanges(a, b)
    expect(c.requestHeaders).toEqual([
      { name: 'Accept', kind: 'same', a: ['application/json'], b: ['application/json'] },
      { name: 'x-extra', kind: 'added', a: [], b: ['1'] },
    ])
    expect(c.responseHeaders.find(h => h.name === 'date')).toMatchObject({ kind: 'changed', volatile: true })
    expect(c.responseHeaders.find(h => h.name === 'set-cookie')?.kind).toBe('changed')
    expect(c.differing).toEqual(['request headers', 'response headers'])
  })

  it('rebuilds the canonical strings of two HMAC requests and names the part and byte where they first differ', () => {
    const signed = (path: string, ts: number, id: string) => {
      const s = signRequest({ clientId: 'client-1', clientSecret: 'secret-123456', method: 'GET', path, body: '', timestamp: ts })
      return entry({
        id,
        auth: 'hmac',
        url: `https://api.example.com${path}?filter[dateTimeFrom]=2026-01-01`,
        requestHeaders: Object.entries(s.headers).map(([name, value]) => ({ name, value })),
      })
    }
    const c = compareExchanges(
      signed('/api/v1/export/1001/tickets', 1767225600, 'a'),
      signed('/api/v1/export/1002/tickets', 1767225600, 'b'),
    )
    expect(c.canonical?.equal).toBe(false)
    const path = c.canonical?.parts.find(p => p.name === 'path')
    expect(path?.equal).toBe(false)
    // "client-1" + "GET" + "/api/v1/export/100" → the differing byte is the 19th of the path part.
    expect(path?.firstDifference).toMatchObject({ offsetInPart: 18, offsetInString: 8 + 3 + 18, a: '1/tickets', b: '2/tickets' })
    expect(c.canonical?.firstDifferenceOffset).toBe(29)
    expect(c.canonical?.parts.filter(p => !p.equal).map(p => p.name)).toEqual(['path'])

    const later = compareExchanges(
      signed('/api/v1/export/1001/tickets', 1767225600, 'a'),
      signed('/api/v1/export/1001/tickets', 1767225601, 'b'),
    )
    expect(later.canonical?.parts.filter(p => !p.equal).map(p => p.name)).toEqual(['timestamp'])
    expect(later.canonical?.notes.join(' ')).toContain('Only the timestamps differ')
    expect(later.differing).toEqual(['canonical string'])
  })

  it('says why a side’s canonical string cannot be rebuilt and notes truncated bodies', () => {
    const a = entry({ id: 'a', auth: 'hmac', requestHeaders: [], requestBody: { ...body('{"a":'), truncated: true } })
    const b = entry({ id: 'b', requestBody: body('{"a":1}') })
    const c = compareExchanges(a, b)
    expect(c.canonical?.notes.join(' ')).toContain('A has no x-access-key')
    expect(c.requestBody.notes.join(' ')).toContain('truncated')
  })
})
