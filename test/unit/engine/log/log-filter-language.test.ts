import { describe, expect, it } from 'vitest'
import { parseLogFilter } from '../../../../src/main/engine/log/log-filter-language'
import { type BeginCapture, NetworkLog } from '../../../../src/main/engine/log/network-log'

describe('the filter language', () => {
  it('reads keys, negation, quotes and alternatives', () => {
    expect(parseLogFilter('status:4xx -host:sandbox method:get,post "M-2002 closed" -"GET /" auth:HMAC').terms).toEqual([
      { kind: 'status', negate: false, anyOf: [{ cls: 4 }] },
      { kind: 'host', negate: true, anyOf: ['sandbox'] },
      { kind: 'method', negate: false, anyOf: ['GET', 'POST'] },
      { kind: 'text', negate: false, text: 'M-2002 closed' },
      { kind: 'text', negate: true, text: 'GET /' },
      { kind: 'auth', negate: false, anyOf: ['hmac'] },
    ])
    expect(parseLogFilter('host:"my host" status:401,failed').terms).toEqual([
      { kind: 'host', negate: false, anyOf: ['my host'] },
      { kind: 'status', negate: false, anyOf: [{ code: 401 }, { state: 'failed' }] },
    ])
  })

  it('takes a colon word whose key it does not know, a lone dash and a quoted key as free text', () => {
    expect(parseLogFilter('http://127.0.0.1:5/x a:b - "status:401"').terms).toEqual([
      { kind: 'text', negate: false, text: 'http://127.0.0.1:5/x' },
      { kind: 'text', negate: false, text: 'a:b' },
      { kind: 'text', negate: false, text: '-' },
      { kind: 'text', negate: false, text: 'status:401' },
    ])
  })

  it('leaves out a term it cannot read, says what to write instead, and keeps the rest', () => {
    const parsed = parseLogFilter('status:abc source:mine auth:basic method:G/T "open M-1 status:')
    expect(parsed.terms).toEqual([{ kind: 'text', negate: false, text: 'open M-1 status:' }])
    expect(parsed.problems).toHaveLength(5)
    expect(parsed.problems[0]).toMatch(/quote .* is not closed/)
    expect(parsed.problems[1]).toMatch(/status:abc.*not a status.*status:4xx/)
    expect(parsed.problems[2]).toMatch(/source:mine.*console.*captured.*operator/)
    expect(parsed.problems[3]).toMatch(/auth:basic.*hmac, bearer, none/)
    expect(parsed.problems[4]).toMatch(/method:G\/T.*GET or POST/)
    // A key still being typed filters by nothing yet, without a complaint.
    expect(parseLogFilter('status: -method:')).toEqual({ terms: [], problems: [] })
  })
})

function capture(log: NetworkLog, c: Partial<BeginCapture>, status: number | 'fail', body = '') {
  const begun = log.begin({
    method: 'GET',
    url: 'http://127.0.0.1:9/api/v1/locations',
    purpose: 'api',
    auth: 'hmac',
    requestHeaders: [],
    requestBody: null,
    ...c,
  })
  log.complete(begun, {
    status: status === 'fail' ? 0 : status,
    statusText: 'x',
    responseHeaders: [],
    responseBody: status === 'fail' ? null : { text: body, size: body.length, mimeType: 'application/json' },
    timings: null,
    durationMs: 1,
    error: status === 'fail' ? 'connect ECONNREFUSED' : null,
  })
  return begun.id
}

describe('the log filtered by the language', () => {
  const log = new NetworkLog({})
  const api = capture(log, {}, 200, '{"merchantId":"M-2002","name":"Harbour"}')
  const denied = capture(log, { url: 'http://prod.example:443/api/v1/locations', auth: 'bearer' }, 401)
  const admin = capture(log, { method: 'POST', url: 'http://127.0.0.1:9/__sandbox/clock', purpose: 'sandbox-admin', auth: 'none' }, 204)
  const posted = capture(
    log,
    {
      method: 'POST',
      url: 'http://127.0.0.1:9/oauth/token',
      purpose: 'oauth-token',
      auth: 'none',
      requestBody: { text: 'grant_type=refresh_token', size: 24, mimeType: 'x' },
    },
    400,
  )
  const failed = capture(log, { url: 'http://10.0.0.1:1/x' }, 'fail')
  const ids = (q: string) => log.match(q).ids

  it.each([
    ['status:401', [denied]],
    ['status:4xx', [denied, posted]],
    ['status:failed', [failed]],
    ['-status:2xx', [denied, posted, failed]],
    ['method:POST', [admin, posted]],
    ['method:post -source:operator', [posted]],
    ['source:operator', [admin]],
    ['source:console', [api, denied, posted, failed]],
    ['source:captured', []],
    ['auth:bearer', [denied]],
    ['auth:hmac,bearer', [api, denied, failed]],
    ['-host:127.0.0.1', [denied, failed]],
    ['host:PROD', [denied]],
    ['M-2002', [api]],
    ['"merchantId":"M-2002"', []],
    ['refresh_token', [posted]],
    ['-sandbox', [api, denied, posted, failed]],
    ['ECONNREFUSED', [failed]],
    ['locations -M-2002', [denied]],
    ['', [api, denied, admin, posted, failed]],
  ])('%s matches what it says', (query, expected) => {
    expect(ids(query)).toEqual(expected)
  })

  it('searches bodies with quotes keeping the spaces, and log:list answers the same as log:match', () => {
    expect(ids('"name":"Harbour"')).toEqual([])
    expect(ids('"Harbour"')).toEqual([api])
    const listed = log.list({ query: 'status:4xx -method:GET' })
    expect(listed.entries.map(e => e.id)).toEqual([posted])
    expect(log.match('status:4xx -method:GET').ids).toEqual([posted])
  })
})
