import { describe, expect, it } from 'vitest'
import { NetworkLog } from '../../../src/main/engine/log/network-log'
import { type ExchangeFacts, exchangeView, hasResponse } from '../../../src/shared/contract'

const TIMINGS = { blocked: 0, dns: null, connect: 1, tls: null, send: 0, wait: 2, receive: 1, total: 4, reusedConnection: false }
const FACTS: ExchangeFacts = { bodyKind: 'text', keptBytes: 5, retriedAfter: [], quota: null }

function begin(log: NetworkLog, auth: 'none' | 'unknown' = 'none') {
  return log.begin({
    method: 'GET',
    url: 'http://127.0.0.1:1/x',
    purpose: 'api',
    auth,
    requestHeaders: [{ name: 'X-Signature', value: '[redacted:x-signature:00000000]' }],
    requestBody: null,
    requestId: 'r1',
  })
}

describe('the exchange view of a log entry', () => {
  it('has a response only once one arrived: pending and failed-before-response entries have none', () => {
    const log = new NetworkLog()
    const pending = begin(log)
    expect(hasResponse(pending)).toBe(false)
    const failed = log.complete(pending, {
      status: 0,
      statusText: '',
      responseHeaders: [],
      responseBody: null,
      timings: null,
      durationMs: 1,
      error: 'refused',
    })
    expect(hasResponse(failed)).toBe(false)
  })

  it('reads the response, its content type, an early end and the truncation marker from the entry', () => {
    const log = new NetworkLog()
    const entry = log.complete(begin(log), {
      status: 200,
      statusText: 'OK',
      responseHeaders: [
        { name: 'Content-Type', value: 'text/plain' },
        { name: 'content-type', value: 'charset=utf-8' },
      ],
      responseBody: { text: 'hello', size: 2048, mimeType: 'text/plain', truncated: true },
      timings: TIMINGS,
      durationMs: 4,
      error: 'The connection was reset after the headers.',
    })
    expect(hasResponse(entry)).toBe(true)
    const view = exchangeView(entry, FACTS)
    expect(view).toMatchObject({
      requestId: 'r1',
      logId: entry.id,
      status: 200,
      contentType: 'text/plain, charset=utf-8',
      bodyBytes: 2048,
      keptBytes: 5,
      truncated: true,
      incomplete: 'The connection was reset after the headers.',
      timings: TIMINGS,
      attempts: 1,
    })
    expect(view.body).toBe('hello\n[… truncated by the console: kept 5 B of 2.0 KiB (2048 bytes)]')
  })

  it('reads an imported entry’s auth from its headers, and a later note from the entry', () => {
    const log = new NetworkLog()
    const done = log.complete(begin(log, 'unknown'), {
      status: 204,
      statusText: 'No Content',
      responseHeaders: [],
      responseBody: null,
      timings: TIMINGS,
      durationMs: 4,
    })
    const noted = log.addNote(done, 'Not retried automatically.')
    const view = exchangeView(noted, FACTS)
    expect(view).toMatchObject({ auth: 'hmac', body: '', bodyBytes: 0, contentType: null, notes: ['Not retried automatically.'] })
    expect(log.get(done.id).notes).toEqual(['Not retried automatically.'])
    expect(done.notes).toEqual([])
  })
})
