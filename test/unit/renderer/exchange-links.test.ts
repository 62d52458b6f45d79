import { describe, expect, it } from 'vitest'
import { NetworkLog } from '../../../src/main/engine/log/network-log'
import { linkFromExchange, linkFromLogEntry } from '../../../src/renderer/src/features/inspector/exchange-links'
import { exchangeView } from '../../../src/shared/contract/exchange-view'

const TIMINGS = { blocked: 0, dns: null, connect: 1, tls: null, send: 0, wait: 2, receive: 1, total: 4, reusedConnection: false }
const PATH = '/api/v1/export/101001/tickets?filter[dateTimeFrom]=2026-11-01&filter[dateTimeTo]=2026-11-22'

function signedExport(log: NetworkLog) {
  return log.begin({
    method: 'GET',
    url: `http://127.0.0.1:4000${PATH}`,
    purpose: 'api',
    auth: 'hmac',
    requestHeaders: [
      { name: 'x-access-key', value: 'partner-console-builtin' },
      { name: 'x-timestamp', value: '1763802000' },
      { name: 'x-signature', value: '[redacted:x-signature:0a1b2c3d]' },
    ],
    requestBody: null,
    requestId: 'r1',
  })
}

describe('inspector links of an exchange', () => {
  it('a failed request links from its log entry exactly as an answered one links from its view', () => {
    const log = new NetworkLog()
    const answered = log.complete(signedExport(log), {
      status: 200,
      statusText: 'OK',
      responseHeaders: [],
      responseBody: null,
      timings: TIMINGS,
      durationMs: 4,
    })
    const view = exchangeView(answered, {
      bodyKind: 'empty',
      keptBytes: 0,
      retriedAfter: [],
      quota: null,
      signing: { canonical: 'partner-console-builtinGET/api/v1/export/101001/tickets1763802000', timestamp: 1763802000 },
    })
    const failed = log.complete(signedExport(log), {
      status: 0,
      statusText: '',
      responseHeaders: [],
      responseBody: null,
      timings: null,
      durationMs: 30_000,
      error: 'timed out',
    })
    const expected = { method: 'GET', path: PATH, body: null, accessKey: 'partner-console-builtin' }
    expect(linkFromExchange(view)).toEqual({ ...expected, timestamp: 1763802000 })
    expect(linkFromLogEntry(failed)).toEqual({ ...expected, timestamp: '1763802000' })
  })
})
