import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { ConsoleError } from '../../../src/main/engine/core/console-error'
import { SecretRegistry } from '../../../src/main/engine/core/secret-registry'
import { parseHar } from '../../../src/main/engine/har/har-import'
import { Redactor } from '../../../src/main/engine/log/redaction'
import { composeRequest } from '../../../src/main/engine/requests/compose-request'
import { buildSnippet } from '../../../src/main/engine/requests/copy-as/snippets'
import { composerRequestSchema, httpSendRequest, isHeaderValue, isHttpToken } from '../../../src/shared/contract'

// The door: one rule for a method and header fields, used by the composer, `http:send`, HAR and bundle import, resend
// and "Copy as". Checked over arbitrary strings, every Unicode line terminator and look-alikes that case-map to ASCII.

const TCHAR = "!#$%&'*+-.^_`|~0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
const HOSTILE_METHODS = [
  'GET\n',
  'GET\r\nX: y',
  'POST\u2028',
  'PO ST',
  '$(touch x)',
  'GET;id',
  '\\101',
  'poſt',
  'ＰＯＳＴ',
  'GEТ',
  '',
  'A'.repeat(33),
]
const LINE_TERMINATORS = ['\n', '\r', '\v', '\f', '\u0085', '\u2028', '\u2029', '\0', '\x1b', '\x7f', 'é']

function har(method: string, headers: Array<{ name: string; value: string }>): string {
  const entry = {
    startedDateTime: '2025-01-01T00:00:00.000Z',
    time: 1,
    request: { method, url: 'https://api.example.com/x', httpVersion: 'HTTP/1.1', headers },
    response: { status: 200, statusText: 'OK', httpVersion: 'HTTP/1.1', headers: [], content: { size: 0 }, redirectURL: '' },
    timings: { send: 0, wait: 1, receive: 0 },
  }
  const good = { ...entry, request: { ...entry.request, method: 'GET', headers: [] } }
  return JSON.stringify({ log: { version: '1.2', creator: { name: 't', version: '1' }, entries: [good, entry] } })
}

describe('request fields at the door', () => {
  it('a method or header name is a token exactly when every character is an ASCII tchar, whatever the string', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ unit: 'binary' }), fc.string({ unit: fc.constantFrom(...TCHAR, 'ſ', '\u212A', ' ', '\n') })), s => {
        expect(isHttpToken(s)).toBe(s.length > 0 && [...s].every(c => TCHAR.includes(c)))
        const parsed = composerRequestSchema.safeParse({ method: s, path: '/x' })
        expect(parsed.success).toBe(s.length > 0 && s.length <= 32 && isHttpToken(s))
      }),
    )
  })

  it('a header value holds printable ASCII, spaces and tabs only: no line terminator of any kind, no control', () => {
    for (const t of LINE_TERMINATORS) {
      expect(isHeaderValue(`a${t}b`)).toBe(false)
      expect(httpSendRequest.safeParse({ method: 'GET', path: '/x', headers: { 'x-a': `a${t}b` } }).success).toBe(false)
      const composer = composerRequestSchema.safeParse({ method: 'GET', path: '/x', headers: [{ name: 'x-a', value: `a${t}b` }] })
      expect(composer.success).toBe(false)
    }
    expect(isHeaderValue('a\tb "quoted" $(x) `y`')).toBe(true)
  })

  it('HAR (and so bundle) import skips an entry whose method or request header is not HTTP, naming the field', async () => {
    const redactor = new Redactor(new SecretRegistry())
    const cases: Array<[string, Array<{ name: string; value: string }>]> = [
      ...HOSTILE_METHODS.map(m => [m, []] as [string, Array<{ name: string; value: string }>]),
      ...LINE_TERMINATORS.map(t => ['GET', [{ name: 'x-a', value: `v${t}curl evil` }]] as [string, Array<{ name: string; value: string }>]),
      ['GET', [{ name: 'x a', value: 'v' }]],
      ['GET', [{ name: '\u212Aey', value: 'v' }]],
    ]
    for (const [method, headers] of cases) {
      const { entries, skipped } = await parseHar(har(method, headers), redactor)
      expect(
        entries.map(e => e.entry.method),
        JSON.stringify(method),
      ).toEqual(['GET'])
      expect(skipped[0]?.problem).toMatch(/log\.entries\[1\]\.request\.(method|headers)/)
    }
    // An HTTP/2 pseudo-header is not an entry's fault: it is dropped, the entry kept.
    const h2 = await parseHar(
      har('POST', [
        { name: ':authority', value: 'api.example.com' },
        { name: 'x-a', value: 'b' },
      ]),
      redactor,
    )
    expect(h2.entries[1]?.entry.requestHeaders.map(h => h.name)).toEqual(['x-a'])
  })

  it('resend and "Copy as" refuse what the door refuses, before any case mapping (ſ would upper-case to S)', () => {
    for (const method of HOSTILE_METHODS) {
      expect(() => composeRequest({ method, target: 'api', path: '/x', params: {}, query: [], headers: [], auth: 'none' })).toThrow(
        ConsoleError,
      )
      expect(() => buildSnippet('curl', { method, url: 'https://api.example.com/x', headers: [], auth: 'none' })).toThrow(ConsoleError)
    }
    const header = [{ name: 'x-a', value: 'a\r\nb', enabled: true }]
    expect(() =>
      composeRequest({ method: 'GET', target: 'api', path: '/x', params: {}, query: [], headers: header, auth: 'none' }),
    ).toThrow(/x-a holds a line break/)
  })
})
