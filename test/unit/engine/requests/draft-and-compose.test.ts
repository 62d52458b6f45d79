import { describe, expect, it } from 'vitest'
import { composeRequest } from '../../../../src/main/engine/requests/compose-request'
import { draftFromEntry } from '../../../../src/main/engine/requests/resend-from-entry'
import type { LogEntry } from '../../../../src/shared/contract'

const env = { baseUrl: 'http://127.0.0.1:4000', authUrl: 'http://127.0.0.1:4001' }

function logged(over: Partial<LogEntry>): LogEntry {
  return {
    id: 'log-7',
    seq: 7,
    startedAt: '2026-01-01T00:00:00.000Z',
    method: 'GET',
    url: 'http://127.0.0.1:4000/api/v1/export/1001/tickets?filter[dateTimeFrom]=2026-01-01',
    host: '127.0.0.1:4000',
    path: '/api/v1/export/1001/tickets',
    purpose: 'api',
    source: 'console',
    auth: 'hmac',
    state: 'done',
    status: 401,
    statusText: 'Unauthorized',
    durationMs: 3,
    timings: null,
    responseBytes: 0,
    truncated: false,
    error: null,
    imported: false,
    attempt: 1,
    envId: 'sandbox',
    requestId: null,
    httpVersion: 'HTTP/1.1',
    requestHeaders: [
      { name: 'x-access-key', value: 'client-1' },
      { name: 'x-timestamp', value: '1767225600' },
      { name: 'x-signature', value: '[redacted:signature:1234abcd]' },
      { name: 'accept', value: 'application/json' },
      { name: 'user-agent', value: 'partner-api-console' },
      { name: 'X-Trace', value: 'abc' },
    ],
    requestBody: null,
    responseHeaders: [],
    responseBody: null,
    notes: [],
    ...over,
  }
}

describe('a log entry as a composer draft', () => {
  it('keeps the request but never the captured credentials, and keeps the auth mode so the send signs anew', () => {
    const d = draftFromEntry(logged({}), env)
    expect(d.request).toMatchObject({ method: 'GET', target: 'api', path: '/api/v1/export/1001/tickets', auth: 'hmac' })
    expect(d.request.query).toEqual([{ name: 'filter[dateTimeFrom]', value: '2026-01-01', enabled: true }])
    expect(d.request.headers.map(h => h.name)).toEqual(['accept', 'X-Trace'])
    expect(d.dropped).toEqual(['x-access-key', 'x-timestamp', 'x-signature', 'user-agent'])
    expect(JSON.stringify(d.request)).not.toContain('1234abcd')
    expect(d.notes.join(' ')).toContain('signed anew at send')
  })

  it('aims an imported entry from another host at the current environment and reads its auth from the headers', () => {
    const d = draftFromEntry(
      logged({
        imported: true,
        auth: 'unknown',
        envId: null,
        url: 'https://partner.example.com/marketplace/v2/platform-token/locations',
        requestHeaders: [{ name: 'Authorization', value: 'Bearer [redacted:access_token:99999999]' }],
      }),
      env,
    )
    expect(d.request).toMatchObject({ target: 'api', path: '/marketplace/v2/platform-token/locations', auth: 'bearer', headers: [] })
    expect(d.notes.join(' ')).toContain('Captured on https://partner.example.com')
    const token = draftFromEntry(logged({ url: 'https://idp.example.com/oauth2/token/', auth: 'none', requestHeaders: [] }), env)
    expect(token.request.target).toBe('auth')
  })

  it('says when a body was truncated, dropped or carries redacted values', () => {
    const d = draftFromEntry(
      logged({
        method: 'POST',
        requestBody: {
          text: '{"client_secret":"[redacted:client_secret:0badf00d]"',
          size: 900,
          mimeType: 'application/json',
          truncated: true,
          evicted: false,
        },
      }),
      env,
    )
    expect(d.notes.join(' ')).toMatch(/truncated.*\[redacted:…\]/s)
    const evicted = draftFromEntry(logged({ requestBody: { text: '', size: 10, mimeType: '', truncated: false, evicted: true } }), env)
    expect(evicted.request.body).toBeUndefined()
  })
})

describe('composing a request', () => {
  const base = { method: 'post', target: 'api' as const, params: {}, query: [], headers: [], auth: 'none' as const }
  it('fills {params} percent-encoded, appends enabled query rows keeping [] and joins repeated headers', () => {
    const c = composeRequest({
      ...base,
      path: '/pos/v2/{locationId}/checks/{checkId}?a=1',
      params: { locationId: '10 01', checkId: 'c/1' },
      query: [
        { name: 'filter[from]', value: '2026-01-01', enabled: true },
        { name: 'off', value: 'x', enabled: false },
      ],
      headers: [
        { name: 'X-A', value: '1', enabled: true },
        { name: 'x-a', value: '2', enabled: true },
        { name: 'x-off', value: '3', enabled: false },
      ],
      body: '{}',
    })
    expect(c).toEqual({
      method: 'POST',
      target: 'api',
      path: '/pos/v2/10%2001/checks/c%2F1?a=1&filter[from]=2026-01-01',
      headers: { 'x-a': '1, 2' },
      body: '{}',
    })
  })

  it('refuses to send a placeholder without a value, or a header name that is not a token', () => {
    expect(() => composeRequest({ ...base, path: '/pos/v2/{locationId}/checks' })).toThrow(/\{locationId\} has no value/)
    expect(() => composeRequest({ ...base, path: '/x', headers: [{ name: 'bad name', value: '', enabled: true }] })).toThrow(
      /header name .* is not valid/,
    )
  })
})
