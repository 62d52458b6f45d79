import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RunningSandbox } from '../../../src/sandbox'
import { hmacHex, specSignature } from './support/hmac'
import { type RawResponse, rawRequest } from './support/http'
import { BASE_MS, DEMO, startTestSandbox } from './support/sandbox-fixture'

const PATH = '/api/v1/export/101001/tickets'
const QUERY = '?filter[dateTimeFrom]=2025-04-28&filter[dateTimeTo]=2025-04-30'
const NOW_S = BASE_MS / 1000

let sb: RunningSandbox
beforeAll(async () => {
  sb = await startTestSandbox()
})
afterAll(() => sb.close())

interface SignedInput {
  method?: string
  path?: string
  query?: string
  body?: string
  timestamp?: number
  headers?: Record<string, string>
  signature?: string
  omit?: string[]
  target?: RunningSandbox
}

/** Sends a signed export request; the signature follows docs/api.md#hmac-signature unless overridden. */
function signed(input: SignedInput = {}): Promise<RawResponse> {
  const method = input.method ?? 'GET'
  const path = input.path ?? PATH
  const ts = input.timestamp ?? NOW_S
  const signature =
    input.signature ?? specSignature({ clientId: DEMO.clientId, secret: DEMO.secret, method, path, body: input.body, timestamp: ts })
  const headers: Record<string, string> = {
    'x-access-key': DEMO.clientId,
    'x-timestamp': String(ts),
    'x-signature': signature,
    ...input.headers,
  }
  for (const h of input.omit ?? []) delete headers[h]
  return rawRequest((input.target ?? sb).url, { method, path: path + (input.query ?? QUERY), headers, body: input.body })
}

function check(res: RawResponse): string | undefined {
  return (res.json() as { details: Array<{ check?: string }> }).details[0]?.check
}

describe('HMAC-signed export (5.2)', () => {
  it('accepts a signature equal to a fixed openssl vector', async () => {
    // printf '%s' 'sandbox-demo-clientGET/api/v1/export/101001/tickets1746100800' \
    //   | openssl dgst -sha256 -hmac 'sandbox-demo-secret'
    const openssl = 'e5046122cb487f2856948ac4870201bbfe6da568df9acd0257af4248053c1a46'
    expect(NOW_S).toBe(1746100800)
    expect(hmacHex(DEMO.secret, `${DEMO.clientId}GET${PATH}${NOW_S}`)).toBe(openssl)
    const fresh = await startTestSandbox()
    try {
      const res = await signed({ signature: openssl, target: fresh })
      expect(res.status).toBe(200)
      expect((res.json() as { results: unknown[] }).results.length).toBeGreaterThan(0)
    } finally {
      await fresh.close()
    }
  })

  it('refuses each missing header and names it', async () => {
    for (const h of ['x-access-key', 'x-timestamp', 'x-signature']) {
      const res = await signed({ omit: [h], timestamp: NOW_S - 1 })
      expect(res.status, h).toBe(401)
      expect(check(res)).toBe('missing_header')
      expect((res.json() as { message: string }).message).toContain(`missing header ${h}`)
    }
  })

  it('refuses an unknown access key', async () => {
    const res = await signed({ headers: { 'x-access-key': 'who-is-this' } })
    expect(res.status).toBe(401)
    expect(check(res)).toBe('unknown_access_key')
  })

  it('accepts a 10 s old signature and refuses an 11 s old one as stale', async () => {
    expect((await signed({ timestamp: NOW_S - 10 })).status).toBe(200)
    const res = await signed({ timestamp: NOW_S - 11 })
    expect(res.status).toBe(401)
    expect(check(res)).toBe('stale')
    expect((res.json() as { message: string }).message).toMatch(/stale signature: x-timestamp is 11 s old/)
  })

  it('refuses a timestamp more than 10 s in the future', async () => {
    expect((await signed({ timestamp: NOW_S + 10 })).status).toBe(200)
    const res = await signed({ timestamp: NOW_S + 11 })
    expect(res.status).toBe(401)
    expect(check(res)).toBe('future')
  })

  it('judges freshness by the sandbox clock', async () => {
    const own = await startTestSandbox()
    try {
      own.clock.advance(3600_000)
      const old = await signed({ target: own, timestamp: NOW_S })
      expect(check(old)).toBe('stale')
      expect((await signed({ target: own, timestamp: NOW_S + 3600 })).status).toBe(200)
    } finally {
      await own.close()
    }
  })

  it('refuses a reused signature', async () => {
    const ts = NOW_S - 2
    const first = await signed({ timestamp: ts })
    expect(first.status).toBe(200)
    const again = await signed({ timestamp: ts })
    expect(again.status).toBe(401)
    expect(check(again)).toBe('reused')
  })

  it('refuses a signature computed with the method in lower case', async () => {
    const signature = hmacHex(DEMO.secret, `${DEMO.clientId}get${PATH}${NOW_S - 3}`)
    const res = await signed({ signature, timestamp: NOW_S - 3 })
    expect(res.status).toBe(401)
    expect(check(res)).toBe('mismatch')
  })

  it('lower-cases the received path: signing the path as typed (mixed case) fails, lower-cased succeeds', async () => {
    const mixed = '/api/v1/Export/101001/Tickets'
    const ts = NOW_S - 4
    const asTyped = hmacHex(DEMO.secret, `${DEMO.clientId}GET${mixed}${ts}`)
    const bad = await signed({ path: mixed, signature: asTyped, timestamp: ts })
    expect(bad.status).toBe(401)
    expect(check(bad)).toBe('mismatch')
    const good = await signed({ path: mixed, timestamp: ts })
    expect(good.status).toBe(200)
  })

  it('covers the body: a changed body fails, the signed body passes', async () => {
    const ts = NOW_S - 5
    const signature = specSignature({
      clientId: DEMO.clientId,
      secret: DEMO.secret,
      method: 'GET',
      path: PATH,
      body: '{"a":1}',
      timestamp: ts,
    })
    const changed = await signed({ body: '{"a":2}', signature, timestamp: ts })
    expect(changed.status).toBe(401)
    expect(check(changed)).toBe('mismatch')
    const same = await signed({ body: '{"a":1}', signature, timestamp: ts })
    expect(same.status).toBe(200)
  })

  it('leaves the query out: a changed query with the same signature is still valid', async () => {
    const ts = NOW_S - 6
    const signature = specSignature({ clientId: DEMO.clientId, secret: DEMO.secret, method: 'GET', path: PATH, timestamp: ts })
    const res = await signed({
      signature,
      timestamp: ts,
      query: '?filter[dateTimeFrom]=2025-01-01&filter[dateTimeTo]=2025-01-02&extra=1',
    })
    expect(res.status).toBe(200)
    expect((res.json() as { meta: { dateTimeFrom: string } }).meta.dateTimeFrom).toBe('2025-01-01')
  })

  it('uses the raw path as received: a trailing slash is part of what is signed', async () => {
    const ts = NOW_S - 7
    const withoutSlash = specSignature({ clientId: DEMO.clientId, secret: DEMO.secret, method: 'GET', path: PATH, timestamp: ts })
    const res = await signed({ path: `${PATH}/`, signature: withoutSlash, timestamp: ts })
    expect(check(res)).toBe('mismatch')
    expect((await signed({ path: `${PATH}/`, timestamp: ts })).status).toBe(200)
  })

  it('refuses a tampered signature, shows the server canonical string, and a malformed one', async () => {
    const ts = NOW_S - 8
    const good = specSignature({ clientId: DEMO.clientId, secret: DEMO.secret, method: 'GET', path: PATH, timestamp: ts })
    const flipped = (good[0] === 'a' ? 'b' : 'a') + good.slice(1)
    const res = await signed({ signature: flipped, timestamp: ts })
    expect(res.status).toBe(401)
    expect(check(res)).toBe('mismatch')
    const detail = (res.json() as { details: Array<{ canonical: string }> }).details[0]
    expect(detail?.canonical).toBe(`${DEMO.clientId}GET${PATH}${ts}`)
    expect(check(await signed({ signature: 'zz', timestamp: ts }))).toBe('malformed_signature')
    expect(check(await signed({ headers: { 'x-timestamp': '2025-05-01T12:00:00Z' } }))).toBe('malformed_timestamp')
  })

  it('uses a configurable signed path prefix', async () => {
    const custom = await startTestSandbox({ signedPathPrefix: '/partner/export/v3/' })
    try {
      const path = '/partner/export/v3/101002/tickets'
      const ok = await signed({ target: custom, path })
      expect(ok.status).toBe(200)
      const old = await signed({ target: custom, path: PATH })
      expect(old.status).toBe(404)
    } finally {
      await custom.close()
    }
  })
})
