import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { toCurl } from '../../../../src/main/engine/requests/copy-as/curl-command'
import { draftFromCurl, looksLikeCurl } from '../../../../src/main/engine/requests/curl-import/parse-curl'
import { draftFromEntry } from '../../../../src/main/engine/requests/resend-from-entry'
import type { LogEntry } from '../../../../src/shared/contract'

const env = { baseUrl: 'http://127.0.0.1:4000', authUrl: 'http://127.0.0.1:4001' }

describe('a pasted cURL command as a composer request', () => {
  it('reads a browser’s bash copy ($-quoted body, line continuations) and recognises a signed request', () => {
    const text = `curl 'http://127.0.0.1:4000/pos/v2/lookup/tickets?x=1' \\
  -H 'content-type: application/json' \\
  -H 'x-access-key: demo-client' \\
  -H 'x-timestamp: 1767225600' \\
  -H 'x-signature: 8d2a9f' \\
  --data-raw $'{"ticketIds":["T-1"],"note":"it\\'s\\n"}' \\
  --compressed`
    const d = draftFromCurl(text, env)
    expect(d.request).toMatchObject({ method: 'POST', target: 'api', path: '/pos/v2/lookup/tickets', auth: 'hmac' })
    expect(d.request.body).toBe('{"ticketIds":["T-1"],"note":"it\'s\n"}')
    expect(d.request.query).toEqual([{ name: 'x', value: '1', enabled: true }])
    expect(d.request.headers).toEqual([{ name: 'content-type', value: 'application/json', enabled: true }])
    expect(d.dropped).toEqual(['x-access-key', 'x-timestamp', 'x-signature'])
    expect(JSON.stringify(d)).not.toContain('8d2a9f')
    expect(d.notes.join(' ')).toContain('HMAC-signed')
  })

  it('reads Chrome’s cmd copy (carets, ^" quotes, ^\\^" inside a body) the way cmd.exe and curl.exe would', () => {
    const text = [
      'curl ^"http://127.0.0.1:4000/api/v1/export/1001/tickets?filter^[dateTimeFrom^]=2026-01-01^" ^',
      '  -H ^"accept: */*^" ^',
      '  -H ^"x-signature: abc^" ^',
      '  --data-raw ^"^{^\\^"a^\\^":^\\^"50^%^\\^"^}^"',
    ].join('\r\n')
    const d = draftFromCurl(text, env)
    expect(d.request).toMatchObject({ method: 'POST', path: '/api/v1/export/1001/tickets', auth: 'hmac', body: '{"a":"50%"}' })
    expect(d.request.query).toEqual([{ name: 'filter[dateTimeFrom]', value: '2026-01-01', enabled: true }])
  })

  it('reads curl.exe with plain double quotes and \\" inside them', () => {
    const d = draftFromCurl('curl.exe -X PUT "http://127.0.0.1:4000/a b" -H "X-Note: say \\"hi\\"" -d "{\\"k\\":1}"', env)
    expect(d.request).toMatchObject({ method: 'PUT', path: '/a%20b', body: '{"k":1}' })
    expect(d.request.headers).toContainEqual({ name: 'X-Note', value: 'say "hi"', enabled: true })
  })

  it('takes -G (data into the query), --json, --url, -u, bundled flags and -XPOST', () => {
    const g = draftFromCurl("curl -sSG --url http://127.0.0.1:4000/locations -d page=2 -d 'q=a b'", env)
    expect(g.request).toMatchObject({ method: 'GET', path: '/locations', body: undefined })
    expect(g.request.query).toEqual([
      { name: 'page', value: '2', enabled: true },
      { name: 'q', value: 'a b', enabled: true },
    ])
    const j = draftFromCurl(`curl --json '{"a":1}' http://127.0.0.1:4000/x`, env)
    expect(j.request).toMatchObject({ method: 'POST', body: '{"a":1}' })
    expect(j.request.headers.map(h => `${h.name}: ${h.value}`)).toEqual(['Content-Type: application/json', 'Accept: application/json'])
    const u = draftFromCurl("curl -u 'client:s3cret-pass' -XPOST 'http://127.0.0.1:4001/oauth2/token' --data 'grant_type=refresh'", env)
    expect(u.request).toMatchObject({ method: 'POST', target: 'auth', path: '/oauth2/token', auth: 'none' })
    expect(JSON.stringify(u)).not.toContain('s3cret-pass')
    expect(u.request.headers).toEqual([{ name: 'Content-Type', value: 'application/x-www-form-urlencoded', enabled: true }])
    expect(u.notes.join(' ')).toContain('-u user name and password are not kept')
  })

  it('keeps a bearer request as bearer without its token, and stops at a pipe with a note', () => {
    const d = draftFromCurl(
      "$ curl -H 'Authorization: Bearer eyJtoken' http://127.0.0.1:4000/marketplace/v2/platform-token/locations | jq .",
      env,
    )
    expect(d.request).toMatchObject({ method: 'GET', auth: 'bearer', path: '/marketplace/v2/platform-token/locations', headers: [] })
    expect(JSON.stringify(d)).not.toContain('eyJtoken')
    expect(d.notes.join(' ')).toContain('Read up to |')
  })

  it('aims a partner’s host at the current environment, and names a body read from a file', () => {
    const d = draftFromCurl('curl https://api.partner.example/api/v1/x --data-binary @body.json', env)
    expect(d.request).toMatchObject({ method: 'POST', path: '/api/v1/x', body: '' })
    expect(d.bodyFile).toBe('body.json')
    expect(d.notes.join(' ')).toContain('api.partner.example')
  })

  it('says what is wrong with a command it cannot use', () => {
    expect(() => draftFromCurl('wget http://x', env)).toThrow(/not a cURL command/)
    expect(() => draftFromCurl("curl 'http://x", env)).toThrow(/single quote .* never closed/)
    expect(() => draftFromCurl('curl -H', env)).toThrow(/-H needs a value/)
    expect(() => draftFromCurl('curl -s', env)).toThrow(/no URL/)
    expect(looksLikeCurl('  curl https://x')).toBe(true)
    expect(looksLikeCurl('/curly/path')).toBe(false)
  })
})

/** A request the console logged: what `log:curl` copies. */
function entryOf(r: {
  method: string
  url: string
  headers: Array<{ name: string; value: string }>
  body: string | null
  auth: LogEntry['auth']
}): LogEntry {
  return {
    id: 'log-1',
    seq: 1,
    source: 'console',
    startedAt: '2026-01-01T00:00:00.000Z',
    method: r.method,
    url: r.url,
    host: '127.0.0.1:4000',
    path: new URL(r.url).pathname,
    purpose: 'api',
    auth: r.auth,
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
    envId: 'sandbox',
    requestId: null,
    httpVersion: 'HTTP/1.1',
    requestHeaders: r.headers,
    requestBody:
      r.body === null
        ? null
        : { text: r.body, size: Buffer.byteLength(r.body), mimeType: 'application/json', truncated: false, evicted: false },
    responseHeaders: [],
    responseBody: null,
    notes: [],
  }
}

const token = fc
  .stringMatching(/^[a-z][a-z0-9-]{0,15}$/)
  .filter(n => !['x-signature', 'x-timestamp', 'x-access-key', 'authorization', 'content-type'].includes(n))
const headerValue = fc.string({ unit: 'grapheme', maxLength: 40 }).map(s => s.replace(/[\r\n]/g, ' ').trim())
const segment = fc.string({ unit: 'grapheme', minLength: 1, maxLength: 12 }).map(encodeURIComponent)
const anyText = fc.string({ unit: 'grapheme', maxLength: 80 })

const loggedRequest = fc
  .record({
    method: fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE'),
    host: fc.constantFrom('http://127.0.0.1:4000', 'http://127.0.0.1:4001', 'https://api.partner.example'),
    segments: fc.array(segment, { minLength: 1, maxLength: 4 }),
    query: fc.array(fc.tuple(segment, segment), { maxLength: 3 }),
    headers: fc.array(fc.record({ name: token, value: headerValue }), { maxLength: 4 }),
    body: fc.option(
      anyText.filter(b => b !== ''),
      { nil: null },
    ),
    auth: fc.constantFrom('none', 'bearer', 'hmac') as fc.Arbitrary<LogEntry['auth']>,
  })
  .map(r => {
    const url = `${r.host}/${r.segments.join('/')}${r.query.length ? `?${r.query.map(([k, v]) => `${k}=${v}`).join('&')}` : ''}`
    const headers = [...r.headers]
    if (r.auth === 'bearer') headers.push({ name: 'authorization', value: 'Bearer [redacted:access_token:0a1b2c3d]' })
    if (r.auth === 'hmac')
      headers.push(
        { name: 'x-access-key', value: 'demo' },
        { name: 'x-timestamp', value: '1767225600' },
        { name: 'x-signature', value: '[redacted:signature:9f8e7d6c]' },
      )
    if (r.body !== null) headers.push({ name: 'content-type', value: 'application/json' })
    return entryOf({ method: r.body !== null && r.method === 'GET' ? 'POST' : r.method, url, headers, body: r.body, auth: r.auth })
  })

describe('the console’s own cURL copy, read back', () => {
  it('gives the same request as “Edit and resend” of the logged entry (property)', () => {
    fc.assert(
      fc.property(loggedRequest, entry => {
        const { command } = toCurl(entry)
        const parsed = draftFromCurl(command, env)
        const resent = draftFromEntry(entry, env)
        expect(parsed.request).toEqual(resent.request)
        expect(parsed.dropped).toEqual(resent.dropped)
      }),
      { numRuns: 300 },
    )
  })
})
