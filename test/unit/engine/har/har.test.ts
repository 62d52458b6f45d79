import { describe, expect, it } from 'vitest'
import { ConsoleError } from '../../../../src/main/engine/core/console-error'
import { SecretRegistry } from '../../../../src/main/engine/core/secret-registry'
import { noEnvironments, noTokens } from '../../../../src/main/engine/core/without-sign-in'
import { LogFormats } from '../../../../src/main/engine/har/log-formats'
import { NetworkLog } from '../../../../src/main/engine/log/network-log'
import { Redactor } from '../../../../src/main/engine/log/redaction'
import type { ConnectionDetails } from '../../../../src/shared/contract'
import { harProblems } from './fixtures/har-schema'

function setup() {
  const secrets = new SecretRegistry()
  const redactor = new Redactor(secrets)
  const log = new NetworkLog()
  const formats = new LogFormats({
    log,
    redactor,
    secrets,
    creator: { name: 'Partner API Console', version: '0.0.0-test' },
    environments: noEnvironments,
    tokens: noTokens,
    signingTimestamp: () => 0,
  })
  return { secrets, redactor, log, formats }
}

/** A token call as the engine makes it: what it sends is its own; the tokens it receives the token client registers. */
function captureTokenCall(log: NetworkLog, r: Redactor, secrets?: SecretRegistry, connection?: ConnectionDetails) {
  secrets?.add('sbx_at_abcdef123', 'access_token')
  secrets?.add('sbx_rt_abcdef123', 'refresh_token')
  const body = JSON.stringify({
    grant_type: 'authorization_code',
    code: 'sbx_ac_123456',
    client_secret: 'top-secret-value',
    client_id: 'c1',
  })
  const id = log.begin({
    method: 'POST',
    url: r.url('http://127.0.0.1:9/oauth2/token/?debug=1', { sent: true }),
    purpose: 'oauth-token',
    auth: 'none',
    requestHeaders: r.headers([{ name: 'content-type', value: 'application/json' }], { sent: true }),
    requestBody: { text: r.body(body, { sent: true }), size: body.length, mimeType: 'application/json' },
  })
  const response = JSON.stringify({ access_token: 'sbx_at_abcdef123', refresh_token: 'sbx_rt_abcdef123', expiration: 86400 })
  log.complete(id, {
    status: 200,
    statusText: 'OK',
    responseHeaders: r.headers([
      { name: 'content-type', value: 'application/json' },
      { name: 'set-cookie', value: 'a=b' },
    ]),
    responseBody: { text: r.body(response), size: response.length, mimeType: 'application/json' },
    timings: { blocked: 1, dns: null, connect: 2, tls: 1.5, send: 0.5, wait: 3, receive: 0.25, total: 9, reusedConnection: false },
    durationMs: 9,
    connection,
  })
  return id.id
}

describe('HAR export', () => {
  it('writes HAR 1.2 that validates against the schema, sanitized, with HAR phase conventions', () => {
    const { log, redactor, formats } = setup()
    captureTokenCall(log, redactor)
    const failed = log.begin({
      method: 'GET',
      url: 'http://127.0.0.1:9/x',
      purpose: 'api',
      auth: 'bearer',
      requestHeaders: [],
      requestBody: null,
    })
    log.complete(failed, {
      status: 0,
      statusText: '',
      responseHeaders: [],
      responseBody: null,
      timings: null,
      durationMs: 4,
      error: 'refused',
    })
    const out = formats.saveHar({})
    expect(out).toMatchObject({ entries: 2, sanitized: true })
    const har = JSON.parse(out.har)
    expect(harProblems(har)).toEqual([])
    const [token, fail] = har.log.entries
    expect(token.timings).toEqual({ blocked: 1, dns: -1, connect: 3.5, ssl: 1.5, send: 0.5, wait: 3, receive: 0.25 })
    expect(token.time).toBe(8.25)
    expect(token.request.queryString).toEqual([{ name: 'debug', value: '1' }])
    expect(token._purpose).toBe('oauth-token')
    expect(fail.response.status).toBe(0)
    expect(fail._error).toBe('refused')
    for (const secret of ['sbx_ac_123456', 'top-secret-value', 'sbx_at_abcdef123', 'sbx_rt_abcdef123', 'a=b'])
      expect(out.har).not.toContain(secret)
    expect(out.har).toContain('[redacted:client_secret:')
  })

  it('is checked by a schema that does catch broken HAR (the fixture itself is tested)', () => {
    const { log, redactor, formats } = setup()
    captureTokenCall(log, redactor)
    const good = JSON.parse(formats.saveHar({}).har)
    const mutations: Array<(h: typeof good) => void> = [
      h => delete h.log.entries[0].timings.send,
      h => (h.log.entries[0].timings.wait = -1),
      h => (h.log.entries[0].startedDateTime = 'yesterday'),
      h => (h.log.version = '1.1'),
      h => delete h.log.entries[0].response.content.mimeType,
      h => (h.log.entries[0].request.headers[0].value = 5),
      h => (h.log.entries[0].unknownField = 1),
    ]
    for (const mutate of mutations) {
      const copy = structuredClone(good)
      mutate(copy)
      expect(harProblems(copy).length).toBeGreaterThan(0)
    }
  })

  it('puts back only the secrets it holds when "with secrets" is asked for, and says so in the HAR', () => {
    const { formats, redactor, log, secrets } = setup()
    captureTokenCall(log, redactor, secrets)
    const token = 'sbx_at_abcdef123'
    const id = log.begin({
      method: 'GET',
      url: 'http://127.0.0.1:9/api/v1/export/1/tickets',
      purpose: 'api',
      auth: 'hmac',
      requestHeaders: redactor.headers(
        [
          { name: 'authorization', value: `Bearer ${token}` },
          { name: 'x-signature', value: 'f'.repeat(64) },
        ],
        { sent: true },
      ),
      requestBody: null,
    })
    log.complete(id, { status: 200, statusText: 'OK', responseHeaders: [], responseBody: null, timings: null, durationMs: 1 })
    const plain = formats.saveHar({})
    expect(plain.sanitized).toBe(true)
    expect(plain.har).not.toContain(token)
    const full = formats.saveHar({ includeSecrets: true })
    expect(full.sanitized).toBe(false)
    expect(full.har).toContain(`Bearer ${token}`)
    expect(full.har).toContain('top-secret-value')
    expect(full.har).toContain('sbx_rt_abcdef123')
    // Never held as secrets: the one-use signature, the cookie, and the code (a common word, not registered by the log).
    expect(full.har).toContain('[redacted:x-signature:')
    expect(full.har).toContain('[redacted:cookie:')
    expect(full.restored).toBeGreaterThanOrEqual(4)
    expect(full.unresolved).toBeGreaterThanOrEqual(2)
    expect(harProblems(JSON.parse(full.har))).toEqual([])
    expect(JSON.parse(full.har).log.comment).toMatch(/^CONTAINS SECRETS/)
  })

  it('exports only the chosen entries and says when bodies were truncated', () => {
    const { log, redactor, formats } = setup()
    const keep = captureTokenCall(log, redactor)
    captureTokenCall(log, redactor)
    log.configure({ maxBodyChars: 10 })
    const big = log.begin({ method: 'GET', url: 'http://h/big', purpose: 'api', auth: 'none', requestHeaders: [], requestBody: null })
    log.complete(big, {
      status: 200,
      statusText: 'OK',
      responseHeaders: [],
      responseBody: { text: 'y'.repeat(50), size: 5000, mimeType: 'text/plain', truncated: true },
      timings: null,
      durationMs: 1,
    })
    const har = JSON.parse(formats.saveHar({ ids: [keep, big.id] }).har)
    expect(harProblems(har)).toEqual([])
    expect(har.log.entries).toHaveLength(2)
    expect(har.log.entries[1].response.content).toMatchObject({ size: 5000, text: 'y'.repeat(10) })
    expect(har.log.entries[1].response.content.comment).toContain('truncated')
  })
})

describe('HAR import', () => {
  it('round-trips the console’s own HAR, marking entries imported', async () => {
    const { log, redactor, formats } = setup()
    captureTokenCall(log, redactor)
    const text = formats.saveHar({}).har
    const result = await formats.openHar(text)
    expect(result).toMatchObject({ imported: 1, skipped: [] })
    const entry = log.get(result.ids[0] as string)
    expect(entry).toMatchObject({ imported: true, method: 'POST', status: 200, purpose: 'oauth-token' })
    expect(entry.timings).toMatchObject({ connect: 2, tls: 1.5, dns: null })
    expect(JSON.parse(formats.saveHar({ ids: result.ids }).har).log.entries[0]._imported).toBe(true)
  })

  it('reads back the proxy, connection and TLS facts of the console’s own HAR (_proxy, _connection, _tls)', async () => {
    const { log, redactor, formats } = setup()
    const tls = {
      protocol: 'TLSv1.3',
      cipher: 'TLS_AES_256_GCM_SHA384',
      alpn: 'http/1.1',
      chain: [
        {
          subject: 'CN=localhost',
          issuer: 'CN=Sandbox CA',
          validFrom: '2026-01-01T00:00:00.000Z',
          validTo: '2027-01-01T00:00:00.000Z',
          subjectAltNames: ['DNS:localhost', 'IP:127.0.0.1'],
          fingerprint256: 'AB:CD',
          selfIssued: false,
        },
      ],
      trustedBy: 'CA file /tmp/ca.pem',
      inspection: null,
      sessionReused: false,
      clientCertificate: null,
    }
    const connection: ConnectionDetails = {
      proxy: 'http://127.0.0.1:3128',
      proxySource: 'HTTPS_PROXY',
      proxyBypass: null,
      reused: true,
      remoteAddress: '127.0.0.1',
      tls,
    }
    const id = captureTokenCall(log, redactor, undefined, connection)
    const result = await formats.openHar(formats.saveHar({}).har)
    expect(log.get(result.ids[0] as string).connection).toEqual(connection)

    // A foreign HAR: credentials in the proxy URL are dropped, a malformed extension is ignored, not an error.
    const doc = JSON.parse(formats.saveHar({ ids: [id] }).har)
    doc.log.entries[0]._proxy = { url: 'http://user:hunter2@proxy.corp:8080', source: 'bogus' }
    doc.log.entries[0]._tls = { chain: 'not a chain' }
    const foreign = await formats.openHar(JSON.stringify(doc))
    const read = log.get(foreign.ids[0] as string).connection
    expect(read).toMatchObject({ proxy: 'http://proxy.corp:8080', proxySource: null, tls: null })
    expect(JSON.stringify(read)).not.toContain('hunter2')

    // A hostile file: an oversized chain or field is ignored like a malformed one; the entry still imports.
    doc.log.entries[0]._tls = { ...tls, chain: Array.from({ length: 10_000 }, () => tls.chain[0]) }
    doc.log.entries[0]._connection = { reused: false, remoteAddress: 'x'.repeat(1_000_000) }
    const hostile = await formats.openHar(JSON.stringify(doc))
    expect(hostile.imported).toBe(1)
    expect(log.get(hostile.ids[0] as string).connection).toMatchObject({ tls: null, remoteAddress: null })
  })

  it('redacts what a foreign HAR carries (tokens, cookies, secrets in bodies and URLs), registering none of them', async () => {
    const { log, formats, secrets } = setup()
    const har = {
      log: {
        version: '1.2',
        creator: { name: 'Chrome', version: '120' },
        entries: [
          {
            startedDateTime: '2025-01-01T00:00:00.000Z',
            time: 12,
            request: {
              method: 'get',
              url: 'https://api.example.com/cb?code=abcdef987&x=1',
              httpVersion: 'HTTP/2',
              cookies: [],
              headers: [
                { name: 'Authorization', value: 'Bearer foreign-token-123' },
                { name: 'Cookie', value: 'sid=1' },
              ],
              queryString: [],
              headersSize: -1,
              bodySize: 0,
            },
            response: {
              status: 200,
              statusText: 'OK',
              httpVersion: 'HTTP/2',
              cookies: [],
              headers: [],
              content: {
                size: 40,
                mimeType: 'application/json',
                text: Buffer.from('{"refresh_token":"rt-foreign-1"}').toString('base64'),
                encoding: 'base64',
              },
              redirectURL: '',
              headersSize: -1,
              bodySize: 40,
            },
            cache: {},
            timings: { send: 1, wait: 10, receive: 1 },
          },
        ],
      },
    }
    const { ids } = await formats.openHar(JSON.stringify(har))
    const text = JSON.stringify(log.get(ids[0] as string))
    for (const secret of ['abcdef987', 'foreign-token-123', 'sid=1', 'rt-foreign-1']) expect(text).not.toContain(secret)
    // Values seen in a file never become known secrets (a HAR could otherwise register JSON syntax, or thousands).
    expect(secrets.size).toBe(0)
    expect(log.get(ids[0] as string).method).toBe('GET')
  })

  it('refuses what is not HAR with a typed error naming the problem, and skips bad entries', async () => {
    const { formats } = setup()
    const problem = async (text: string) => {
      try {
        await formats.openHar(text)
      } catch (error) {
        expect(error).toBeInstanceOf(ConsoleError)
        return (error as ConsoleError).message
      }
      throw new Error('expected a refusal')
    }
    expect(await problem('{not json')).toContain('not JSON')
    expect(await problem('{"hello":1}')).toMatch(/not a HAR 1\.2 document: log: /)
    expect(await problem(JSON.stringify({ log: { version: '2.0', creator: { name: 'x', version: '1' }, entries: [] } }))).toContain('2.0')
    const oneBad = { log: { version: '1.2', creator: { name: 'x', version: '1' }, entries: [{ startedDateTime: 'yesterday' }] } }
    expect(await problem(JSON.stringify(oneBad))).toContain('log.entries[0]')
    const good = JSON.parse(JSON.stringify(oneBad))
    good.log.entries.push({
      startedDateTime: '2025-01-01T00:00:00Z',
      time: 1,
      request: { method: 'GET', url: 'http://h/', httpVersion: 'HTTP/1.1', headers: [] },
      response: { status: 204, statusText: 'No Content', httpVersion: 'HTTP/1.1', headers: [], content: { size: 0 }, redirectURL: '' },
      timings: { send: 0, wait: 1, receive: 0 },
    })
    const result = await formats.openHar(JSON.stringify(good))
    expect(result.imported).toBe(1)
    expect(result.skipped).toEqual([{ index: 0, problem: expect.stringContaining('log.entries[0].startedDateTime') }])
  })
})
