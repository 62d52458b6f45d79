import { describe, expect, it } from 'vitest'
import type { ConsoleError } from '../../../../src/main/engine/core/console-error'
import { errorForStatus } from '../../../../src/main/engine/http/status-errors'
import type { HttpExchangeView } from '../../../../src/shared/contract'

const SIGNED_AT = 1_795_000_000

function view(patch: Partial<HttpExchangeView>): HttpExchangeView {
  return {
    requestId: 'r',
    logId: 'l',
    method: 'GET',
    url: 'http://127.0.0.1:1/api/v1/export/1/tickets',
    auth: 'hmac',
    requestHeaders: [],
    requestBody: null,
    status: 401,
    statusText: 'Unauthorized',
    headers: [{ name: 'date', value: new Date(SIGNED_AT * 1000 + 86_400_000).toUTCString() }],
    body: '{"message":"invalid signature"}',
    bodyBytes: 31,
    keptBytes: 31,
    truncated: false,
    bodyKind: 'json',
    contentType: 'application/json',
    timings: { total: 1 } as HttpExchangeView['timings'],
    attempts: 1,
    retriedAfter: [],
    signing: { canonical: 'x', timestamp: SIGNED_AT },
    quota: null,
    notes: [],
    startedAt: new Date().toISOString(),
    ...patch,
  }
}

function hintOf(error: ConsoleError): string {
  return error.toBridgeError().hint ?? ''
}

describe('advice that fits the failure: a 401 is explained by its cause, not by its status', () => {
  it('a signature a day old by the server’s Date is a clock problem: no "Authorize again", the server’s time offered', () => {
    const error = errorForStatus('Exporting tickets of location 1', view({}))
    expect(hintOf(error)).toMatch(/stale, not the token/)
    expect(hintOf(error)).toMatch(/24\.0 h old/)
    expect(hintOf(error)).toMatch(/sign with the server's time/i)
    expect(hintOf(error)).not.toMatch(/Authorize again/i)
    expect(error.toBridgeError().details).toMatchObject({ cause: { kind: 'stale-signature' } })
  })

  it('a signature stamped ahead of the server is a fast local clock', () => {
    const date = new Date(SIGNED_AT * 1000 - 60_000).toUTCString()
    const error = errorForStatus('Export', view({ headers: [{ name: 'Date', value: date }] }))
    expect(error.toBridgeError().details).toMatchObject({ cause: { kind: 'future-signature' } })
    expect(hintOf(error)).toMatch(/clock is fast/)
  })

  it('a signature refused within its life points at the secret and the canonical string', () => {
    const date = new Date(SIGNED_AT * 1000 + 2_000).toUTCString()
    const error = errorForStatus('Export', view({ headers: [{ name: 'date', value: date }] }))
    expect(error.toBridgeError().details).toMatchObject({ cause: { kind: 'signature-refused' } })
    expect(hintOf(error)).toMatch(/client secret/)
    expect(hintOf(error)).not.toMatch(/Authorize again/i)
  })

  it('a bearer call refused after a refresh says to authorize again', () => {
    const error = errorForStatus('Listing locations', view({ auth: 'bearer', signing: undefined, retriedAfter: ['401'] }))
    expect(hintOf(error)).toMatch(/refreshed, and refused again: authorize again/)
  })

  it('a hostile or missing Date header never claims a stale signature', () => {
    for (const value of ['', 'not a date', 'Thu, 01 Jan 1970 00:00:00 GMT garbage', '9'.repeat(500)]) {
      const error = errorForStatus('Export', view({ headers: [{ name: 'date', value }] }))
      expect((error.toBridgeError().details as { cause: { kind: string } }).cause.kind).toBe('signature-refused')
    }
  })
})
